/** The receipt service's subscriber record, as far as the product reads it (WIRE.md, RevenueCat v1). */
export interface SubscriberRecord {
  readonly subscriber?: {
    readonly entitlements?: Readonly<Record<string, { readonly expires_date?: string | null } | undefined>>;
  };
}

export type SubscriptionStatus = 'none' | 'active' | 'inactive';

/**
 * The subscription status exactly as the spec defines it: no user id -> none; no premium entitlement or
 * no expiry date -> none; expiry later than now -> active; expiry now or in the past -> inactive.
 * (A lifetime entitlement without expiry therefore counts as none - the spec's rule, kept as written.)
 */
export function subscriptionStatus(userId: string | null | undefined, record: SubscriberRecord | undefined, now: Date): SubscriptionStatus {
  if (!userId) return 'none';
  const expires = record?.subscriber?.entitlements?.['premium']?.expires_date;
  if (!expires) return 'none';
  const expiresAt = Date.parse(expires);
  if (Number.isNaN(expiresAt)) return 'none';
  return expiresAt > now.getTime() ? 'active' : 'inactive';
}

/** Where the shared funnel-entry check and the post-login redirect send a signed-in visitor. */
export function pathForSignedInVisitor(status: SubscriptionStatus): '/account/subscription' | '/checkout/plans' {
  return status === 'active' ? '/account/subscription' : '/checkout/plans';
}
