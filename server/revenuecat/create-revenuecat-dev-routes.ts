import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '../db/database';
import { subscriberDocument, upsertSubscription } from './revenuecat-store';

const date = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'expected an ISO 8601 date')
  .transform((value) => new Date(value));

const grantBody = z
  .object({
    app_user_id: z.string().min(1).optional(),
    email: z.string().min(1).optional(),
    store: z.enum(['app_store', 'mac_app_store', 'play_store', 'stripe']),
    product_id: z.string().min(1),
    purchase_date: date.optional(),
    expires_date: date.nullable().optional(),
    unsubscribe_detected_at: date.nullable().optional(),
    refunded_at: date.nullable().optional(),
    billing_issues_detected_at: date.nullable().optional(),
    store_transaction_id: z.string().min(1).optional(),
  })
  .refine((body) => (body.app_user_id === undefined) !== (body.email === undefined), 'give exactly one of app_user_id or email');

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Development-only: `POST /_dev/revenuecat/subscriptions` records a sandbox store subscription for a
 * user (by app user id, or by e-mail looked up in auth.users), for tests and demos. See
 * docs/local-stack.md.
 */
export function createRevenueCatDevRoutes({ db }: { readonly db: Database }): Hono {
  const app = new Hono();

  app.post('/subscriptions', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: 'invalid_json', message: 'The body must be JSON' }, 400);
    }
    const parsed = grantBody.safeParse(body);
    if (!parsed.success) {
      return c.json({ error: 'validation_failed', message: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ') }, 400);
    }
    const grant = parsed.data;
    let appUserId = grant.app_user_id;
    if (appUserId === undefined) {
      const user = await db.query<{ id: string }>('select id::text as id from auth.users where lower(email) = lower($1)', [grant.email]);
      appUserId = user.rows[0]?.id;
      if (appUserId === undefined) return c.json({ error: 'user_not_found', message: `No user with e-mail ${grant.email}` }, 404);
    }
    const purchaseDate = grant.purchase_date ?? new Date();
    const subscriberId = appUserId;
    const document = await db.transaction(async (tx) => {
      await upsertSubscription(tx, subscriberId, {
        productIdentifier: grant.product_id,
        store: grant.store,
        storeTransactionId: grant.store_transaction_id ?? `dev_${grant.store}_${purchaseDate.getTime()}`,
        purchaseDate,
        expiresDate: grant.expires_date === undefined ? new Date(purchaseDate.getTime() + THIRTY_DAYS_MS) : grant.expires_date,
        unsubscribeDetectedAt: grant.unsubscribe_detected_at ?? null,
        refundedAt: grant.refunded_at ?? null,
        billingIssuesDetectedAt: grant.billing_issues_detected_at ?? null,
        isSandbox: true,
      });
      return subscriberDocument(tx, subscriberId);
    });
    return c.json(document, 201);
  });

  return app;
}
