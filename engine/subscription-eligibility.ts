import type { ReceiptSubscription } from './subscription-list';

/** What the help centre can do for a subscriber. */
export type HelpCentreAction = 'cancelation' | 'refund';

/**
 * The stores the help centre tells apart: web (Stripe, acted on by the functions), Apple and Google
 * (only the store itself can cancel or refund them; the help centre links to its support).
 */
export type StoreGroup = 'web' | 'apple' | 'google';

/** Eligible subscriptions per store group. */
export type EligibleCounts = Readonly<Record<StoreGroup, number>>;

/**
 * The group of a receipt-service store value, or undefined for stores the help centre neither acts on
 * nor can point to (`promotional`, `amazon`, missing): those never make a button enabled.
 */
export function storeGroup(store: string | null | undefined): StoreGroup | undefined {
  switch (store) {
    case 'stripe':
      return 'web';
    case 'app_store':
    case 'mac_app_store':
      return 'apple';
    case 'play_store':
      return 'google';
    default:
      return undefined;
  }
}

function time(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/**
 * Spec: cancelable = `expires_date` later than now and no `unsubscribe_detected_at`. A subscription
 * without a readable expiry is not cancelable (nothing renews that could be stopped).
 */
export function isCancelable(subscription: ReceiptSubscription, now: Date): boolean {
  const expires = time(subscription.expires_date);
  return expires !== undefined && expires > now.getTime() && !subscription.unsubscribe_detected_at;
}

/**
 * Spec: refundable = not expired and `refunded_at` empty. "Not expired" is read as the cancel rule
 * reads it (expiry later than now; no readable expiry: not refundable), so both pages agree on what is
 * still running.
 */
export function isRefundable(subscription: ReceiptSubscription, now: Date): boolean {
  const expires = time(subscription.expires_date);
  return expires !== undefined && expires > now.getTime() && !subscription.refunded_at;
}

/** How many of this user's subscriptions the action applies to, per store group. */
export function eligibleCounts(
  subscriptions: Readonly<Record<string, ReceiptSubscription | undefined>> | undefined,
  action: HelpCentreAction,
  now: Date,
): EligibleCounts {
  const counts: Record<StoreGroup, number> = { web: 0, apple: 0, google: 0 };
  const eligible = action === 'cancelation' ? isCancelable : isRefundable;
  for (const subscription of Object.values(subscriptions ?? {})) {
    if (!subscription) continue;
    const group = storeGroup(subscription.store);
    if (group !== undefined && eligible(subscription, now)) counts[group] += 1;
  }
  return counts;
}

/** The total of eligible subscriptions: zero disables the request button. */
export function eligibleTotal(counts: EligibleCounts): number {
  return counts.web + counts.apple + counts.google;
}
