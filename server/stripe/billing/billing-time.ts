import type { StripeOps } from '../stripe-context';

/** The end of a billing period that starts at `start` (Unix seconds), in UTC calendar arithmetic as Stripe bills. */
export function addInterval(start: number, interval: string, count: number): number {
  const date = new Date(start * 1000);
  switch (interval) {
    case 'day':
      date.setUTCDate(date.getUTCDate() + count);
      break;
    case 'week':
      date.setUTCDate(date.getUTCDate() + 7 * count);
      break;
    case 'year':
      date.setUTCFullYear(date.getUTCFullYear() + count);
      break;
    default:
      date.setUTCMonth(date.getUTCMonth() + count);
  }
  return Math.floor(date.getTime() / 1000);
}

/**
 * "Now" for a customer's objects: the frozen time of the customer's test clock, or the caller's time.
 * Subscriptions, invoices and payments of a clocked customer live on clock time (STRIPE.md 1.8).
 */
export async function customerTime(ops: StripeOps, customerId: string): Promise<{ now: number; clock: string | null }> {
  const customer = await ops.store.find('customer', customerId);
  const clockId = typeof customer?.test_clock === 'string' ? customer.test_clock : null;
  if (clockId === null) return { now: ops.now(), clock: null };
  const clock = await ops.store.find('test_helpers.test_clock', clockId);
  return { now: clock?.frozen_time ?? ops.now(), clock: clockId };
}

/** The same operations with time read from a test clock (objects on a clock are stamped with its time). */
export function onClock(ops: StripeOps, now: number): StripeOps {
  return { store: ops.store, now: () => now, emit: (type, object, previous) => ops.emit(type, object, previous) };
}
