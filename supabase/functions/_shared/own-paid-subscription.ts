import type Stripe from 'stripe';
import type { FunctionUser, UserDatabase } from './function-handler.ts';
import { functionError } from './function-response.ts';
import { isOwnCustomer } from './stripe-customer.ts';
import { refundSecondPayment } from './refund-second-payment.ts';
import { readCheckoutChain } from './stripe-checkouts.ts';
import { isMissingResource } from './stripe-error-response.ts';

/** Statuses of a subscription whose first invoice has been paid (a trial counts: access was granted). */
const PAID: ReadonlySet<Stripe.Subscription.Status> = new Set(['active', 'trialing']);

/**
 * The caller's subscription when it is paid; otherwise the answer to send instead: 404 for an unknown
 * id and for another user's (the same answer, so ids cannot be probed), 409 `subscription_not_active`
 * while it is unpaid, 409 `second_payment_refunded` for a checkout paid after another replaced it. Throws on Stripe's own failures (the runner answers 500).
 */
export async function ownPaidSubscription(stripe: Stripe, db: UserDatabase, user: FunctionUser, subscriptionId: string): Promise<Stripe.Subscription | Response> {
  const notFound = functionError(404, 'not_found', `No such subscription: ${subscriptionId}`);
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if (isMissingResource(error)) return notFound;
    throw error;
  }
  if (!(await isOwnCustomer(stripe, db, user, subscription.customer))) return notFound;
  if (!PAID.has(subscription.status)) return functionError(409, 'subscription_not_active', `Subscription ${subscriptionId} is ${subscription.status}; pay it first`);
  // Paid after another checkout replaced it (the webhook may not have come yet): refund, record nothing.
  if ((await readCheckoutChain(db, user.id)).isReplacedWhileUnpaid(subscription.id)) {
    await refundSecondPayment(stripe, subscription.id, user.id);
    return functionError(409, 'second_payment_refunded', `Subscription ${subscriptionId} was replaced by another checkout before it was paid; its payment has been refunded`);
  }
  return subscription;
}
