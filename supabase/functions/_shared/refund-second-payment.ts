import Stripe from 'stripe';
import { isMissingResource } from './stripe-error-response.ts';

function idOf(value: string | { readonly id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

/** Ends the subscription now; one that is already canceled (a concurrent call got there first) is fine. */
export async function cancelIfRunning(stripe: Stripe, subscriptionId: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(subscriptionId, { invoice_now: false, prorate: false });
  } catch (error) {
    if (!(isMissingResource(error) || error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    if ((await stripe.subscriptions.retrieve(subscriptionId)).status !== 'canceled') throw error;
  }
}

/**
 * Ends a checkout that another one replaced, and refunds it if it was paid anyway (a payment confirmed in
 * a tab opened earlier): it ends and every payment of it is refunded, so the user pays for one subscription only and
 * loses nothing. Idempotent (Idempotency-Key per PaymentIntent; a refunded charge is skipped), so the
 * webhook, the completion page and the replacing checkout may all get here. Reported on the error log
 * the first time it refunds.
 *
 * @returns whether anything was refunded now
 */
export async function refundSecondPayment(stripe: Stripe, subscriptionId: string, userId: string): Promise<boolean> {
  // End first: from then on nothing more can be paid on it, so the refunds below cover every payment.
  // A crash before they are made leaves a canceled, paid subscription, whose event refunds it again.
  await cancelIfRunning(stripe, subscriptionId);
  let refunded = false;
  for await (const invoice of stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 100, expand: ['data.payments'] })) {
    for (const payment of invoice.payments?.data ?? []) {
      const intentRef = payment.payment.payment_intent;
      if (payment.status !== 'paid' || intentRef === undefined) continue;
      const intent = await stripe.paymentIntents.retrieve(idOf(intentRef), { expand: ['latest_charge'] });
      const charge = intent.latest_charge;
      if (charge === null || typeof charge === 'string' || charge.refunded) continue;
      await stripe.refunds.create(
        { payment_intent: intent.id, reason: 'duplicate', metadata: { user_id: userId, subscription_id: subscriptionId } },
        { idempotencyKey: `second-payment-refund-${subscriptionId}-${intent.id}` },
      );
      refunded = true;
    }
  }
  if (refunded) console.error(`Second web subscription payment refunded: user ${userId} paid ${subscriptionId} after another checkout replaced it`);
  return refunded;
}
