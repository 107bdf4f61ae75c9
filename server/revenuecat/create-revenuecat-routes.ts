import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { bearerToken } from '../request-claims';
import { ensureSubscriber, setSubscriberAttributes, subscriberDocument, upsertSubscription } from './revenuecat-store';

/** What the Stripe side knows about a subscription id sent as a receipt's `fetch_token`. */
export interface StripeSubscriptionFacts {
  readonly productIdentifier: string;
  readonly purchaseDate: Date;
  readonly expiresDate: Date | null;
  readonly unsubscribeDetectedAt: Date | null;
}

export interface RevenueCatRoutesDeps {
  readonly db: Database;
  readonly config: Pick<ServerConfig, 'revenueCatSecretKey'> & Partial<Pick<ServerConfig, 'revenueCatPublicKey'>>;
  /**
   * Looks a Stripe subscription up (the Stripe emulator, once it exists). Without it, or when it
   * answers undefined, a receipt is recorded with the body's `product_id` (default
   * DEFAULT_STRIPE_PRODUCT_ID), bought now and renewing monthly.
   */
  readonly resolveStripeSubscription?: (fetchToken: string) => Promise<StripeSubscriptionFacts | undefined>;
  readonly now?: () => Date;
}

export const DEFAULT_STRIPE_PRODUCT_ID = 'premium_monthly_stripe';

const receiptBody = z.object({
  app_user_id: z.string().min(1),
  fetch_token: z.string().min(1),
  product_id: z.string().min(1).optional(),
});

const attributesBody = z.object({
  attributes: z.record(z.string().min(1), z.object({ value: z.string().nullable(), updated_at_ms: z.number().optional() })),
});

function revenueCatError(c: Context, status: 400 | 401 | 404, code: number, message: string): Response {
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
export function createRevenueCatRoutes({ db, config, resolveStripeSubscription, now = () => new Date() }: RevenueCatRoutesDeps): Hono {
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
    const { app_user_id: appUserId, fetch_token: fetchToken, product_id: productId } = parsed.data;
    const purchaseDate = now();
    const facts = (await resolveStripeSubscription?.(fetchToken)) ?? {
      productIdentifier: productId ?? DEFAULT_STRIPE_PRODUCT_ID,
      purchaseDate,
      expiresDate: new Date(Date.UTC(purchaseDate.getUTCFullYear(), purchaseDate.getUTCMonth() + 1, purchaseDate.getUTCDate(), purchaseDate.getUTCHours(), purchaseDate.getUTCMinutes(), purchaseDate.getUTCSeconds())),
      unsubscribeDetectedAt: null,
    };
    const document = await db.transaction(async (tx) => {
      await upsertSubscription(tx, appUserId, {
        ...facts,
        store: 'stripe',
        storeTransactionId: fetchToken,
        refundedAt: null,
        billingIssuesDetectedAt: null,
        isSandbox: true,
      });
      return subscriberDocument(tx, appUserId, now());
    });
    return c.json(document);
  });

  return app;
}
