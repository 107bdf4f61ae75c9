import type Stripe from 'stripe';
import type { FunctionUser, UserDatabase } from './function-handler.ts';
import { functionError } from './function-response.ts';
import { isOwnCustomer } from './stripe-customer.ts';
import { refundSecondPayment } from './refund-second-payment.ts';
import { readCheckoutChain } from './stripe-checkouts.ts';
import { isMissingResource } from './stripe-error-response.ts';

/** Statuses of a subscription whose first invoice has been paid (a trial counts: access was granted). */
const PAID: ReadonlySet<Stripe.Subscription.Status> = new Set(['active', 'trialing']);

/** Whether a subscription has a paid invoice: a canceled one may have been paid (and refunded) first. */
async function hasPaidInvoice(stripe: Stripe, subscriptionId: string): Promise<boolean> {
  return (await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 1 })).data.length > 0;
}

/**
 * The caller's subscription whatever its status; otherwise 404 for an unknown id and for another user's
 * (the same answer, so ids cannot be probed). Throws on Stripe's own failures (the runner answers 500).
 */
export async function ownSubscription(stripe: Stripe, db: UserDatabase, user: FunctionUser, subscriptionId: string): Promise<Stripe.Subscription | Response> {
  const notFound = functionError(404, 'not_found', `No such subscription: ${subscriptionId}`);
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if (isMissingResource(error)) return notFound;
    throw error;
  }
  return (await isOwnCustomer(stripe, db, user, subscription.customer)) ? subscription : notFound;
}

/**
 * The caller's subscription when it is paid; otherwise the answer to send instead: 404 for an unknown
 * id and for another user's (the same answer, so ids cannot be probed), 409 `subscription_not_active`
 * while it is unpaid, 409 `second_payment_refunded` for a checkout paid after another replaced it
 * (also once the webhook or the replacing checkout has ended and refunded it). Throws on Stripe's own
 * failures (the runner answers 500).
 */
export async function ownPaidSubscription(stripe: Stripe, db: UserDatabase, user: FunctionUser, subscriptionId: string): Promise<Stripe.Subscription | Response> {
  const subscription = await ownSubscription(stripe, db, user, subscriptionId);
  if (subscription instanceof Response) return subscription;
  const paid = PAID.has(subscription.status);
  // Paid after another checkout replaced it: refund, record nothing. The webhook (invoice.paid) usually
  // ends and refunds it before the completion page asks, and then it is `canceled`; the page must still
  // hear that the payment was refunded, not that it is unpaid, or it would confirm a purchase.
  if (paid || subscription.status === 'canceled') {
    const replaced = (await readCheckoutChain(db, user.id)).isReplacedWhileUnpaid(subscription.id);
    if (replaced && (paid || (await hasPaidInvoice(stripe, subscription.id)))) {
      // Idempotent: a refund made already is not made again.
      await refundSecondPayment(stripe, subscription.id, user.id);
      return functionError(409, 'second_payment_refunded', `Subscription ${subscriptionId} was replaced by another checkout before it was paid; its payment has been refunded`);
    }
  }
  if (!paid) return functionError(409, 'subscription_not_active', `Subscription ${subscriptionId} is ${subscription.status}; pay it first`);
  return subscription;
}
