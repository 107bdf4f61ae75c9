import type Stripe from 'stripe';
import { resolvePaymentMethod } from '../payments/card-payment-methods';
import { confirmPaymentIntent } from '../payments/payment-flow';
import { cancelSubscription, subscriptionItem } from '../resources/subscription-routes';
import type { StripeOps } from '../stripe-context';
import type { Wire } from '../wire';
import { addInterval, onClock } from './billing-time';
import { createSubscriptionInvoice } from './create-subscription-invoice';
import type { WireSubscription } from './create-subscription-invoice';

type WireSchedule = Wire<Stripe.SubscriptionSchedule>;

/** How long an unpaid first invoice keeps a subscription `incomplete` (STRIPE.md 1.6). */
const INCOMPLETE_WINDOW_SECONDS = 23 * 3600;

/**
 * Moves a test clock to `target`, replaying in time order everything due for its customers'
 * subscriptions (STRIPE.md 1.8): unpaid first invoices expire, `cancel_at_period_end` ends, schedule
 * phases switch the items' prices, and each renewal bills the new period off-session to the default
 * payment method (a decline: `invoice.payment_failed`, subscription `past_due`).
 */
export async function advanceClock(ops: StripeOps, clockId: string, target: number): Promise<void> {
  for (let guard = 0; guard < 1000; guard += 1) {
    const due = await nextDue(ops, clockId);
    if (due === undefined || due.at > target) break;
    const atTime = onClock(ops, due.at);
    await setClockTime(ops, clockId, due.at);
    if (due.subscription.status === 'incomplete') await expire(atTime, due.subscription);
    else await renew(atTime, due.subscription);
  }
  await setClockTime(ops, clockId, target);
}

async function nextDue(ops: StripeOps, clockId: string): Promise<{ at: number; subscription: WireSubscription } | undefined> {
  let best: { at: number; subscription: WireSubscription } | undefined;
  for (const subscription of await ops.store.all('subscription', { test_clock: clockId })) {
    let at: number | undefined;
    if (subscription.status === 'incomplete') at = subscription.created + INCOMPLETE_WINDOW_SECONDS;
    else if (['active', 'past_due', 'trialing'].includes(subscription.status)) at = subscription.items.data[0]?.current_period_end;
    if (at !== undefined && (best === undefined || at < best.at)) best = { at, subscription };
  }
  return best;
}

async function setClockTime(ops: StripeOps, clockId: string, time: number): Promise<void> {
  const clock = await ops.store.get('test_helpers.test_clock', clockId);
  await ops.store.put('test_helpers.test_clock', { ...clock, frozen_time: time, status: 'ready', status_details: {} });
}

async function expire(ops: StripeOps, subscription: WireSubscription): Promise<void> {
  const now = ops.now();
  for (const invoice of await ops.store.all('invoice', { parent: { subscription_details: { subscription: subscription.id } }, status: 'open' })) {
    const voided = { ...invoice, status: 'void' as const, status_transitions: { ...invoice.status_transitions, voided_at: now } };
    await ops.store.put('invoice', voided);
    await ops.emit('invoice.voided', voided);
  }
  const expired: WireSubscription = { ...subscription, status: 'incomplete_expired', ended_at: now };
  await ops.store.put('subscription', expired);
  await ops.emit('customer.subscription.updated', expired, { status: subscription.status });
}

async function renew(ops: StripeOps, current: WireSubscription): Promise<void> {
  const now = ops.now();
  if (current.cancel_at_period_end) {
    await cancelSubscription(ops, current, 'cancellation_requested');
    return;
  }
  let subscription = current;
  let items = subscription.items.data;
  const scheduleId = typeof subscription.schedule === 'string' ? subscription.schedule : null;
  if (scheduleId !== null) {
    const schedule = await ops.store.get('subscription_schedule', scheduleId);
    const phase = schedule.phases.find((candidate) => candidate.start_date <= now && now < candidate.end_date);
    if (phase !== undefined) {
      const prices = [];
      for (const item of phase.items) {
        const priceId = typeof item.price === 'string' ? item.price : item.price.id;
        prices.push({ price: await ops.store.get('price', priceId), quantity: item.quantity ?? 1 });
      }
      items = prices.map(({ price, quantity }) => subscriptionItem(subscription.id, price, quantity, now, now));
      const updated: WireSchedule = { ...schedule, current_phase: { start_date: phase.start_date, end_date: phase.end_date } };
      await ops.store.put('subscription_schedule', updated);
      await ops.emit('subscription_schedule.updated', updated);
    } else {
      // Past the last phase: end_behavior release leaves the subscription running unscheduled.
      if (schedule.end_behavior === 'cancel') {
        const canceled: WireSchedule = { ...schedule, status: 'completed', completed_at: now, current_phase: null };
        await ops.store.put('subscription_schedule', canceled);
        await ops.emit('subscription_schedule.completed', canceled);
        await cancelSubscription(ops, { ...subscription, schedule: null }, 'cancellation_requested');
        return;
      }
      const released: WireSchedule = { ...schedule, status: 'released', released_at: now, released_subscription: subscription.id, current_phase: null };
      await ops.store.put('subscription_schedule', released);
      await ops.emit('subscription_schedule.released', released);
      subscription = { ...subscription, schedule: null };
    }
  }
  const first = items[0];
  const interval = first?.price.recurring?.interval ?? 'month';
  const end = addInterval(now, interval, first?.price.recurring?.interval_count ?? 1);
  const renewed: WireSubscription = {
    ...subscription,
    items: { ...subscription.items, data: items.map((item) => ({ ...item, current_period_start: now, current_period_end: end })) },
  };
  await ops.store.put('subscription', renewed);
  await ops.emit('customer.subscription.updated', renewed, { items: current.items });
  const { invoice, intent } = await createSubscriptionInvoice(ops, renewed, 'subscription_cycle', { start: now, end });
  const billed: WireSubscription = { ...renewed, latest_invoice: invoice.id };
  await ops.store.put('subscription', billed);
  if (intent === undefined) return;
  const customerId = typeof billed.customer === 'string' ? billed.customer : billed.customer.id;
  const customer = await ops.store.get('customer', customerId);
  const methodRef = billed.default_payment_method ?? customer.invoice_settings.default_payment_method;
  const methodId = typeof methodRef === 'string' ? methodRef : (methodRef?.id ?? null);
  if (methodId === null) {
    const unpaid = { ...invoice, attempted: true, attempt_count: 1 };
    await ops.store.put('invoice', unpaid);
    await ops.emit('invoice.payment_failed', unpaid);
    if (billed.status === 'active') {
      const pastDue: WireSubscription = { ...billed, status: 'past_due' };
      await ops.store.put('subscription', pastDue);
      await ops.emit('customer.subscription.updated', pastDue, { status: billed.status });
    }
    return;
  }
  await confirmPaymentIntent(ops, intent, await resolvePaymentMethod(ops, methodId, 'default_payment_method'), { offSession: true });
}
