import type { Queryable } from '../db/database';

export type RevenueCatStore = 'app_store' | 'mac_app_store' | 'play_store' | 'stripe' | 'promotional';

export interface SubscriptionInput {
  readonly productIdentifier: string;
  readonly store: RevenueCatStore;
  readonly storeTransactionId: string | null;
  readonly purchaseDate: Date;
  readonly expiresDate: Date | null;
  readonly unsubscribeDetectedAt: Date | null;
  readonly refundedAt: Date | null;
  readonly billingIssuesDetectedAt: Date | null;
  readonly isSandbox: boolean;
}

interface SubscriberRow {
  readonly app_user_id: string;
  readonly original_app_user_id: string;
  readonly first_seen: Date;
  readonly last_seen: Date;
}

interface AttributeRow {
  readonly key: string;
  readonly value: string | null;
  readonly updated_at: Date;
}

interface SubscriptionRow {
  readonly product_identifier: string;
  readonly store: string;
  readonly entitlement: string;
  readonly store_transaction_id: string | null;
  readonly purchase_date: Date;
  readonly original_purchase_date: Date;
  readonly expires_date: Date | null;
  readonly unsubscribe_detected_at: Date | null;
  readonly billing_issues_detected_at: Date | null;
  readonly refunded_at: Date | null;
  readonly is_sandbox: boolean;
  readonly period_type: string;
}

/** RevenueCat writes dates as ISO 8601 without milliseconds ("2024-05-01T10:00:00Z"). */
function revenueCatDate(date: Date | null): string | null {
  return date === null ? null : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A refund ends access at the refund time, whatever the paid-until date was. */
function accessEnds(row: SubscriptionRow): Date | null {
  if (row.refunded_at !== null) return row.expires_date !== null && row.expires_date < row.refunded_at ? row.expires_date : row.refunded_at;
  return row.expires_date;
}

/** The entitlement a set of subscriptions grants: the one whose access lasts longest (no end first). */
function entitlementFrom(rows: readonly SubscriptionRow[]): Record<string, unknown> {
  let best: SubscriptionRow | undefined;
  for (const row of rows) {
    if (best === undefined) {
      best = row;
      continue;
    }
    const bestEnd = accessEnds(best);
    const end = accessEnds(row);
    if (bestEnd !== null && (end === null || end > bestEnd)) best = row;
  }
  if (best === undefined) return {};
  return {
    expires_date: revenueCatDate(accessEnds(best)),
    grace_period_expires_date: null,
    product_identifier: best.product_identifier,
    purchase_date: revenueCatDate(best.purchase_date),
  };
}

/** Touches (or creates, on first sight, as RevenueCat does) a subscriber. */
export async function ensureSubscriber(db: Queryable, appUserId: string): Promise<void> {
  await db.query(
    `insert into revenuecat.subscribers (app_user_id, original_app_user_id) values ($1, $1)
     on conflict (app_user_id) do update set last_seen = now()`,
    [appUserId],
  );
}

/** RevenueCat's `attributes` call: a null or empty value deletes the attribute. */
export async function setSubscriberAttributes(
  db: Queryable,
  appUserId: string,
  attributes: Readonly<Record<string, string | null>>,
): Promise<void> {
  await ensureSubscriber(db, appUserId);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === '') {
      await db.query('delete from revenuecat.subscriber_attributes where app_user_id = $1 and key = $2', [appUserId, key]);
    } else {
      await db.query(
        `insert into revenuecat.subscriber_attributes (app_user_id, key, value) values ($1, $2, $3)
         on conflict (app_user_id, key) do update set value = excluded.value, updated_at = now()`,
        [appUserId, key, value],
      );
    }
  }
}

/** Records a store subscription; one row per product, as RevenueCat's map is keyed by product id. */
export async function upsertSubscription(db: Queryable, appUserId: string, input: SubscriptionInput): Promise<void> {
  await ensureSubscriber(db, appUserId);
  await db.query(
    `insert into revenuecat.subscriptions (
        app_user_id, product_identifier, store, store_transaction_id, purchase_date, original_purchase_date,
        expires_date, unsubscribe_detected_at, refunded_at, billing_issues_detected_at, is_sandbox)
     values ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, $10)
     on conflict (app_user_id, product_identifier) do update set
        store = excluded.store, store_transaction_id = excluded.store_transaction_id,
        purchase_date = excluded.purchase_date, expires_date = excluded.expires_date,
        unsubscribe_detected_at = excluded.unsubscribe_detected_at, refunded_at = excluded.refunded_at,
        billing_issues_detected_at = excluded.billing_issues_detected_at, is_sandbox = excluded.is_sandbox,
        updated_at = now()`,
    [
      appUserId,
      input.productIdentifier,
      input.store,
      input.storeTransactionId,
      input.purchaseDate.toISOString(),
      input.expiresDate?.toISOString() ?? null,
      input.unsubscribeDetectedAt?.toISOString() ?? null,
      input.refundedAt?.toISOString() ?? null,
      input.billingIssuesDetectedAt?.toISOString() ?? null,
      input.isSandbox,
    ],
  );
}

/**
 * The body of `GET /v1/subscribers/{id}` with RevenueCat's field names. Entitlements stay listed after
 * they end, with their end as `expires_date`, as RevenueCat does: clients compare it with now.
 */
export async function subscriberDocument(db: Queryable, appUserId: string, now: Date = new Date()): Promise<Record<string, unknown>> {
  const subscriber = (
    await db.query<SubscriberRow>(
      'select app_user_id, original_app_user_id, first_seen, last_seen from revenuecat.subscribers where app_user_id = $1',
      [appUserId],
    )
  ).rows[0];
  if (subscriber === undefined) throw new Error(`RevenueCat subscriber ${appUserId} does not exist`);
  const attributes = await db.query<AttributeRow>(
    'select key, value, updated_at from revenuecat.subscriber_attributes where app_user_id = $1 order by key',
    [appUserId],
  );
  const subscriptions = await db.query<SubscriptionRow>(
    `select product_identifier, store, entitlement, store_transaction_id, purchase_date, original_purchase_date,
            expires_date, unsubscribe_detected_at, billing_issues_detected_at, refunded_at, is_sandbox, period_type
       from revenuecat.subscriptions where app_user_id = $1 order by purchase_date`,
    [appUserId],
  );

  const byEntitlement = new Map<string, SubscriptionRow[]>();
  for (const row of subscriptions.rows) byEntitlement.set(row.entitlement, [...(byEntitlement.get(row.entitlement) ?? []), row]);

  return {
    request_date: revenueCatDate(now),
    request_date_ms: now.getTime(),
    subscriber: {
      entitlements: Object.fromEntries([...byEntitlement].map(([name, rows]) => [name, entitlementFrom(rows)])),
      first_seen: revenueCatDate(subscriber.first_seen),
      last_seen: revenueCatDate(subscriber.last_seen),
      management_url: null,
      non_subscriptions: {},
      original_app_user_id: subscriber.original_app_user_id,
      original_application_version: null,
      original_purchase_date: null,
      other_purchases: {},
      subscriber_attributes: Object.fromEntries(
        attributes.rows.map((row) => [row.key, { value: row.value, updated_at_ms: row.updated_at.getTime() }]),
      ),
      subscriptions: Object.fromEntries(
        subscriptions.rows.map((row) => [
          row.product_identifier,
          {
            auto_resume_date: null,
            billing_issues_detected_at: revenueCatDate(row.billing_issues_detected_at),
            expires_date: revenueCatDate(row.expires_date),
            grace_period_expires_date: null,
            is_sandbox: row.is_sandbox,
            original_purchase_date: revenueCatDate(row.original_purchase_date),
            ownership_type: 'PURCHASED',
            period_type: row.period_type,
            purchase_date: revenueCatDate(row.purchase_date),
            refunded_at: revenueCatDate(row.refunded_at),
            store: row.store,
            store_transaction_id: row.store_transaction_id,
            unsubscribe_detected_at: revenueCatDate(row.unsubscribe_detected_at),
          },
        ]),
      ),
    },
  };
}
