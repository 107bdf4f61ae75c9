import type { SubscriptionListRow } from './subscription-list';

/**
 * Where a subscription stands today, as the account page says it: renewing (on its expiry date, or
 * without an end), ending (canceled: access until its expiry date), ended (expired), refunded.
 */
export type SubscriptionStanding =
  | { readonly kind: 'renewing'; readonly on: Date | undefined }
  | { readonly kind: 'ending'; readonly on: Date | undefined }
  | { readonly kind: 'ended'; readonly on: Date | undefined }
  | { readonly kind: 'refunded'; readonly on: Date | undefined };

export interface StandingRow {
  readonly subscription: SubscriptionListRow;
  readonly standing: SubscriptionStanding;
}

/**
 * Each subscription with where it stands at `now`, the running ones first (latest end first), then
 * the ended and refunded ones (latest first). Unlike the spec's dialog status (active unless an
 * unsubscribe was detected), an expired subscription is ended here: the page must not call it active.
 */
export function subscriptionStandings(subscriptions: readonly SubscriptionListRow[], now: Date): StandingRow[] {
  const rows = subscriptions.map((subscription) => ({ subscription, standing: standingOf(subscription, now) }));
  const running = (row: StandingRow): boolean => row.standing.kind === 'renewing' || row.standing.kind === 'ending';
  // Undated (no end) sorts as the latest.
  const time = (row: StandingRow): number => row.standing.on?.getTime() ?? Number.MAX_SAFE_INTEGER;
  return rows.sort((a, b) => Number(running(b)) - Number(running(a)) || time(b) - time(a));
}

function standingOf(subscription: SubscriptionListRow, now: Date): SubscriptionStanding {
  const { status, expiresDate, refundedDate } = subscription;
  if (status === 'refunded') return { kind: 'refunded', on: refundedDate };
  if (expiresDate !== undefined && expiresDate.getTime() <= now.getTime()) return { kind: 'ended', on: expiresDate };
  return { kind: status === 'canceled' ? 'ending' : 'renewing', on: expiresDate };
}
