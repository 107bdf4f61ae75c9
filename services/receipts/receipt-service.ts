import type { ReceiptSubscription } from '../../engine/subscription-list';

/** The subscriber record as the product reads it: the premium entitlement and the subscriptions. */
export interface SubscriberDocument {
  readonly subscriber?:
    | {
        readonly entitlements?: Readonly<Record<string, { readonly expires_date?: string | null | undefined } | undefined>> | undefined;
        readonly subscriptions?: Readonly<Record<string, ReceiptSubscription | undefined>> | undefined;
      }
    | undefined;
}

/** The receipt (subscription-management) service, as far as the browser uses it. */
export interface ReceiptService {
  /** The subscriber record for an app user id (= the auth user id). */
  subscriber(appUserId: string): Promise<SubscriberDocument>;
}
