import type Stripe from 'stripe';
import { isMissingResource } from '../../supabase/functions/_shared/stripe-error-response';

/** What RevenueCat records for a Stripe subscription (the fields of its `subscriptions` map). */
export interface StripeSubscriptionFacts {
  readonly productIdentifier: string;
  readonly purchaseDate: Date;
  readonly expiresDate: Date | null;
  readonly unsubscribeDetectedAt: Date | null;
  readonly refundedAt: Date | null;
  readonly billingIssuesDetectedAt: Date | null;
}

export type StripeSubscriptionLookup =
  | { readonly kind: 'found'; readonly facts: StripeSubscriptionFacts }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'not_paid'; readonly status: Stripe.Subscription.Status };

const seconds = (unix: number): Date => new Date(unix * 1000);

function idOf(value: string | { readonly id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

/** When the latest paid invoice's payment was refunded, or null. */
async function refundedAt(stripe: Stripe, latestPaid: Stripe.Invoice | undefined): Promise<Date | null> {
  for (const payment of latestPaid?.payments?.data ?? []) {
    const paymentIntent = payment.payment.payment_intent;
    if (payment.status !== 'paid' || paymentIntent === undefined) continue;
    const intent = await stripe.paymentIntents.retrieve(idOf(paymentIntent));
    if (intent.latest_charge === null) continue;
    const refunds = await stripe.refunds.list({ charge: idOf(intent.latest_charge), limit: 100 });
    const succeeded = refunds.data.filter((refund) => refund.status === 'succeeded' || refund.status === 'pending');
    // The first refund is when RevenueCat would have seen the purchase refunded.
    const first = succeeded.reduce<Stripe.Refund | undefined>((earliest, refund) => (earliest === undefined || refund.created < earliest.created ? refund : earliest), undefined);
    if (first !== undefined) return seconds(first.created);
  }
  return null;
}

/**
 * RevenueCat's Stripe integration, locally: fetches a subscription (the `fetch_token` of a receipt)
 * through the `stripe` SDK and derives what RevenueCat shows. Product = the Stripe product; purchase
 * and expiry = the current period, except that an unpaid renewal (past_due, unpaid) ends access where
 * the paid period ended and flags a billing issue; a cancellation (at period end or immediate) is
 * `unsubscribe_detected_at`; a refund of the latest paid invoice is `refunded_at`. A subscription that
 * was never paid is no purchase.
 */
export async function fetchStripeSubscription(stripe: Stripe, subscriptionId: string): Promise<StripeSubscriptionLookup> {
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if (isMissingResource(error)) return { kind: 'not_found' };
    throw error;
  }
  const item = subscription.items.data[0];
  if (item === undefined) return { kind: 'not_found' };
  const latestPaid = (await stripe.invoices.list({ subscription: subscription.id, status: 'paid', limit: 1, expand: ['data.payments'] })).data[0];
  if (latestPaid === undefined && subscription.status !== 'trialing') return { kind: 'not_paid', status: subscription.status };

  const periodStart = seconds(item.current_period_start);
  const periodEnd = seconds(item.current_period_end);
  const billingIssue = subscription.status === 'past_due' || subscription.status === 'unpaid';
  const ended = subscription.ended_at === null ? null : seconds(subscription.ended_at);
  const canceled = subscription.status === 'canceled' || subscription.cancel_at_period_end || subscription.cancel_at !== null;
  const canceledAt = subscription.canceled_at === null ? ended : seconds(subscription.canceled_at);

  return {
    kind: 'found',
    facts: {
      productIdentifier: idOf(item.price.product),
      purchaseDate: periodStart,
      expiresDate: ended ?? (billingIssue ? periodStart : periodEnd),
      unsubscribeDetectedAt: canceled ? (canceledAt ?? new Date()) : null,
      refundedAt: await refundedAt(stripe, latestPaid),
      // The renewal that failed was attempted when the new period began.
      billingIssuesDetectedAt: billingIssue ? periodStart : null,
    },
  };
}
