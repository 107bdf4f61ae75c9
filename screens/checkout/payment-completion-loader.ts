import type { AccountArea } from '../../services/account/account-area';
import { redirect, type LoaderFunction } from 'react-router';
import { paymentPageSearch, readCompletionParams, type PaymentPageParams } from '../../engine/payment-page-params';
import { requireSignedInUser } from './require-signed-in-user';

export interface PaymentCompletionLoaderData {
  readonly params: PaymentPageParams;
  /** For the receipt failure's report (spec: logged with the user and subscription id). */
  readonly userId: string;
}

/**
 * /checkout/payment-completion, where the provider returns after confirming: a signed-in user with
 * the PaymentIntent's client secret, else the plans (no payment to look at). Without a subscription
 * id the payment does not count (spec): straight back to its payment page. The page itself runs the
 * payment-completion machine.
 */
export function createPaymentCompletionLoader(areas: { readonly account: AccountArea }): LoaderFunction {
  return async ({ request }): Promise<PaymentCompletionLoaderData> => {
    const user = await requireSignedInUser(areas, request);
    const params = readCompletionParams(new URL(request.url).searchParams);
    if (!params) throw redirect('/checkout/plans');
    if (params.subscriptionId === undefined) throw redirect(`/checkout/payment${paymentPageSearch(params, 'somethingWentWrong')}`);
    return { params, userId: user.id };
  };
}
