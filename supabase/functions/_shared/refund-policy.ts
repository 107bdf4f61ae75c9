/**
 * The refund policy of web (Stripe) subscriptions, as configuration: a refund is granted when the
 * latest payment is at most REFUND_WINDOW_DAYS days old (the money-back period); later, the
 * subscription is canceled at the end of its paid period but not refunded (
 * docs/decisions/0174-refund-policy.md).
 */
export interface RefundPolicy {
  /** Days after the latest payment during which it is refunded; 0 refunds nothing. */
  readonly windowDays: number;
}

export const DEFAULT_REFUND_WINDOW_DAYS = 14;

/** The policy from the function's environment; a value that is not a whole number of days throws. */
export function refundPolicyFromEnv(env: (name: string) => string | undefined): RefundPolicy {
  const raw = env('REFUND_WINDOW_DAYS')?.trim();
  if (raw === undefined || raw === '') return { windowDays: DEFAULT_REFUND_WINDOW_DAYS };
  if (!/^\d+$/.test(raw)) throw new Error(`REFUND_WINDOW_DAYS must be a whole number of days (0 or more), got "${raw}"`);
  return { windowDays: Number(raw) };
}

/** Whether a payment made at `paidAt` (Unix seconds) is refundable at `now` (Unix seconds). */
export function isWithinRefundWindow(policy: RefundPolicy, paidAt: number, now: number): boolean {
  return now - paidAt < policy.windowDays * 86_400;
}
