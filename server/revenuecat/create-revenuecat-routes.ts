import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { bearerToken } from '../request-claims';
import type { StripeSubscriptionLookup } from './fetch-stripe-subscription';
import { ensureSubscriber, setSubscriberAttributes, subscriberDocument, upsertSubscription } from './revenuecat-store';

export interface RevenueCatRoutesDeps {
  readonly db: Database;
  readonly config: Pick<ServerConfig, 'revenueCatSecretKey'> & Partial<Pick<ServerConfig, 'revenueCatPublicKey'>>;
  /** Looks a receipt's Stripe subscription up (fetchStripeSubscription with the stack's `stripe` client). */
  readonly lookUpStripeSubscription: (subscriptionId: string) => Promise<StripeSubscriptionLookup>;
  readonly now?: () => Date;
}

const receiptBody = z.object({
  app_user_id: z.string().min(1),
  fetch_token: z.string().min(1),
});

const attributesBody = z.object({
  attributes: z.record(z.string().min(1), z.object({ value: z.string().nullable(), updated_at_ms: z.number().optional() })),
});

function revenueCatError(c: Pick<Context, 'json'>, status: 400 | 401 | 404, code: number, message: string): Response {
  return c.json({ code, message }, status);
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/**
 * RevenueCat's REST API v1 subset, mounted at `/revenuecat/v1`. The secret key may do everything; the
 * public app key (when configured) only reads subscribers, as with RevenueCat.
 */
export function createRevenueCatRoutes({ db, config, lookUpStripeSubscription, now = () => new Date() }: RevenueCatRoutesDeps): Hono {
  const app = new Hono();

  app.use('*', async (c, next) => {
    const key = bearerToken(c.req.header('authorization'));
    // Public keys may only read a subscriber (GET .../subscribers/<id>); every write needs the secret.
    const publicRead =
      config.revenueCatPublicKey !== undefined && key === config.revenueCatPublicKey && c.req.method === 'GET' && /\/subscribers\/[^/]+$/.test(c.req.path);
    if (key !== config.revenueCatSecretKey && !publicRead) {
      return revenueCatError(c, 401, 7225, 'Invalid API Key.');
    }
    await next();
  });

  app.get('/subscribers/:appUserId', async (c) => {
    const appUserId = c.req.param('appUserId');
    const document = await db.transaction(async (tx) => {
      await ensureSubscriber(tx, appUserId);
      return subscriberDocument(tx, appUserId, now());
    });
    return c.json(document);
  });

  app.post('/subscribers/:appUserId/attributes', async (c) => {
    const parsed = attributesBody.safeParse(await readJson(c));
    if (!parsed.success) return revenueCatError(c, 400, 7102, 'Invalid attributes: expected {"attributes": {"<name>": {"value": "..."}}}');
    const values = Object.fromEntries(Object.entries(parsed.data.attributes).map(([key, attribute]) => [key, attribute.value]));
    await db.transaction((tx) => setSubscriberAttributes(tx, c.req.param('appUserId'), values));
    return c.json({});
  });

  app.post('/receipts', async (c) => {
    const platform = c.req.header('x-platform');
    if (platform !== 'stripe') {
      return revenueCatError(c, 400, 7000, `X-Platform ${platform ?? '(missing)'} is not supported by the local stack; use stripe`);
    }
    const parsed = receiptBody.safeParse(await readJson(c));
    if (!parsed.success) return revenueCatError(c, 400, 7000, 'app_user_id and fetch_token are required');
    const { app_user_id: appUserId, fetch_token: fetchToken } = parsed.data;
    // As RevenueCat's Stripe integration does: the token is a subscription id, fetched from Stripe.
    const lookup = await lookUpStripeSubscription(fetchToken);
    if (lookup.kind === 'not_found') return revenueCatError(c, 400, 7000, `fetch_token ${fetchToken} is not a Stripe subscription of this account`);
    if (lookup.kind === 'not_paid') return revenueCatError(c, 400, 7000, `Stripe subscription ${fetchToken} has not been paid (status ${lookup.status})`);
    const document = await db.transaction(async (tx) => {
      // Keyed by product, so posting the same subscription again updates the one record.
      await upsertSubscription(tx, appUserId, { ...lookup.facts, store: 'stripe', storeTransactionId: fetchToken, isSandbox: true });
      return subscriberDocument(tx, appUserId, now());
    });
    return c.json(document);
  });

  // RevenueCat's own body for its failures (code 7110, BackendInternalServerError in its SDKs) rather
  // than the stack's generic one: a receipt or subscriber read that fails because the database is down
  // must look like RevenueCat failing, which its clients retry.
  app.onError((error, c) => {
    console.error('RevenueCat request failed', error);
    return c.json({ code: 7110, message: 'Internal server error.' }, 500);
  });

  return app;
}
