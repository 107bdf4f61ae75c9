/** One subscription in the receipt service's subscriber record (RevenueCat v1 field names). */
export interface ReceiptSubscription {
  readonly store?: string | null | undefined;
  readonly purchase_date?: string | null | undefined;
  readonly expires_date?: string | null | undefined;
  readonly unsubscribe_detected_at?: string | null | undefined;
  readonly refunded_at?: string | null | undefined;
  /** For a Stripe subscription, the subscription id (RevenueCat's `fetch_token`). */
  readonly store_transaction_id?: string | null | undefined;
}

/** The stores the product names in words; any other value is shown by the spec's label rule. */
export const KNOWN_STORES = ['stripe', 'app_store', 'mac_app_store', 'play_store', 'promotional'] as const;
export type KnownStore = (typeof KNOWN_STORES)[number];

/** What the subscriptions dialog shows for one subscription. */
export interface SubscriptionListRow {
  /** The product id it is keyed by in the record (stable React key). */
  readonly productId: string;
  /** Spec: underscores become spaces, upper-cased; `stripe` is WEB; missing is `unknown`. */
  readonly storeLabel: string;
  /** The store when it is one the product names in words (translated), else undefined: show `storeLabel`. */
  readonly store: KnownStore | undefined;
  /** The store's id of the purchase (for a web subscription: the Stripe subscription id). */
  readonly transactionId: string | undefined;
  /**
   * Spec: canceled once `unsubscribe_detected_at` is set, otherwise active; refunded (a refund ends
   * the subscription too) once `refunded_at` is set, so a help-centre refund shows (docs/decisions/0179-dialog-shows-refunded.md).
   */
  readonly status: 'active' | 'canceled' | 'refunded';
  readonly purchaseDate: Date | undefined;
  readonly expiresDate: Date | undefined;
  readonly refundedDate: Date | undefined;
}

/** The label the spec prescribes for a store value: `play_store` -> `PLAY STORE`, `stripe` -> `WEB`. */
export function storeLabel(store: string | null | undefined): string {
  if (store === null || store === undefined || store.trim() === '') return 'unknown';
  if (store === 'stripe') return 'WEB';
  return store.replaceAll('_', ' ').toUpperCase();
}

/** The subscriber's subscriptions as dialog rows, oldest purchase first (undated ones last). */
export function subscriptionList(subscriptions: Readonly<Record<string, ReceiptSubscription | undefined>> | undefined): SubscriptionListRow[] {
  const rows: SubscriptionListRow[] = [];
  for (const [productId, subscription] of Object.entries(subscriptions ?? {})) {
    if (!subscription) continue;
    rows.push({
      productId,
      storeLabel: storeLabel(subscription.store),
      store: KNOWN_STORES.find((store) => store === subscription.store),
      transactionId: subscription.store_transaction_id ?? undefined,
      status: subscription.refunded_at ? 'refunded' : subscription.unsubscribe_detected_at ? 'canceled' : 'active',
      purchaseDate: date(subscription.purchase_date),
      expiresDate: date(subscription.expires_date),
      refundedDate: date(subscription.refunded_at),
    });
  }
  return rows.sort((a, b) => (a.purchaseDate?.getTime() ?? Infinity) - (b.purchaseDate?.getTime() ?? Infinity));
}

function date(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time);
}
