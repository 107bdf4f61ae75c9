import { redirect, type LoaderFunction } from 'react-router';
import { paymentCompletion, paymentPageSearch, readCompletionParams, type RetrievedPaymentIntent } from '../../engine/payment-page-params';
import type { AppServices } from '../../services/composition-root';
import { requireSignedInUser } from './require-signed-in-user';

/**
 * /checkout/payment-completion, where the provider returns after confirming: asks the provider for
 * the PaymentIntent (never trusting redirect_status) and sends the visitor to their subscription when
 * it succeeded, otherwise back to the same payment page with the reason.
 *
 * Not here yet (the checkout issue): registering the purchase (pixel and server-side event), the
 * receipt service's record and marking the subscription as purchased, which the spec runs between
 * "succeeded" and the redirect.
 */
export function createPaymentCompletionLoader(services: AppServices): LoaderFunction {
  return async ({ request }) => {
    await requireSignedInUser(services, request);
    const search = new URL(request.url).searchParams;
    const params = readCompletionParams(search);
    if (!params) throw redirect('/checkout/plans');
    let paymentIntent: RetrievedPaymentIntent | undefined;
    try {
      const stripe = await services.payments.stripe();
      const result = stripe ? await stripe.retrievePaymentIntent(params.clientSecret) : undefined;
      paymentIntent = result?.paymentIntent ?? undefined;
      if (result?.error) services.reportError(new Error(`retrievePaymentIntent failed: ${result.error.type} ${result.error.message ?? ''}`));
    } catch (error) {
      // The provider's script did not load: the payment is not known to be complete; the payment page says so.
      services.reportError(error);
    }
    const outcome = paymentCompletion(params.subscriptionId, paymentIntent);
    if (outcome.completed) throw redirect('/account/subscription');
    throw redirect(`/checkout/payment${paymentPageSearch(params, outcome.error)}`);
  };
}
