import type Stripe from 'stripe';
import type { UserDatabase } from './function-handler.ts';
import { majorUnits } from './major-units.ts';
import { isMissingResource } from './stripe-error-response.ts';

/** public.payment_events.kind (supabase/migrations/0008_payment_events.sql). */
export type PaymentEventKind = 'subscription_created' | 'first_payment' | 'renewal' | 'payment_failed' | 'refund' | 'cancellation';

interface PaymentFact {
  readonly key: string;
  readonly kind: PaymentEventKind;
  /** Minor units, as Stripe counts. */
  readonly amount: number;
  readonly currency: string;
}

/** What a Stripe event says about a subscription's money, or undefined for the events that say nothing. */
function factOf(event: Stripe.Event): PaymentFact | undefined {
  switch (event.type) {
    case 'customer.subscription.created':
      return { key: event.id, kind: 'subscription_created', amount: 0, currency: event.data.object.currency };
    case 'customer.subscription.deleted':
      return { key: event.id, kind: 'cancellation', amount: 0, currency: event.data.object.currency };
    case 'invoice.paid': {
      const invoice = event.data.object;
      return { key: event.id, kind: invoice.billing_reason === 'subscription_create' ? 'first_payment' : 'renewal', amount: invoice.amount_paid, currency: invoice.currency };
    }
    case 'invoice.payment_failed':
      return { key: event.id, kind: 'payment_failed', amount: event.data.object.amount_due, currency: event.data.object.currency };
    case 'charge.refunded':
      // One row per charge with its total refunded so far: a second partial refund replaces the first's row.
      return { key: event.data.object.id, kind: 'refund', amount: event.data.object.amount_refunded, currency: event.data.object.currency };
    default:
      return undefined;
  }
}

/**
 * Records what the event says about the subscription's money in public.payment_events, for the
 * experiment report (docs/experiments.md): from Stripe's own word, so nothing depends on the visitor's
 * tab staying open. Idempotent (keyed by event, or by charge for refunds), so a redelivery changes
 * nothing. Subscriptions that are not the app's (no user_id in their metadata or their customer's), or
 * whose user is gone, are skipped.
 */
export async function recordPaymentEvent(stripe: Stripe, serviceDb: UserDatabase, event: Stripe.Event, subscriptionId: string): Promise<void> {
  const fact = factOf(event);
  if (fact === undefined) return;
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['customer'] });
  } catch (error) {
    if (isMissingResource(error)) return;
    throw error;
  }
  const customer = subscription.customer;
  const userId = subscription.metadata.user_id ?? (typeof customer === 'object' && !('deleted' in customer && customer.deleted === true) ? customer.metadata.user_id : undefined);
  if (userId === undefined) return;
  const { error } = await serviceDb.from('payment_events').upsert({
    key: fact.key,
    user_id: userId,
    subscription_id: subscriptionId,
    kind: fact.kind,
    amount: majorUnits(fact.amount, fact.currency),
    currency: fact.currency,
    occurred_at: new Date(event.created * 1000).toISOString(),
  });
  // 23503: the user was deleted since; their money is no one's to report.
  if (error !== null && error.code !== '23503') throw new Error(`Recording payment event ${event.id} failed: ${error.message}`);
}
