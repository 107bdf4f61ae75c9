import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { STRIPE_API_VERSION } from './stripe-events';
import type { StoredWebhookEndpoint } from './stripe-objects';
import { StripeStore } from './stripe-store';

/** Fixed, so each start-up updates the one endpoint instead of adding another. */
export const LOCAL_WEBHOOK_ENDPOINT_ID = 'we_localstripewebhookfunction';

/**
 * The emulator's webhook endpoint for this stack's own `stripe-webhook` function, written at start-up
 * with STRIPE_WEBHOOK_SECRET as its signing secret. Stripe's API cannot set a secret (it makes one at
 * creation), so the local stack writes the endpoint into the emulator's store directly: the function
 * and the emulator then agree on the secret without a manual step, and a changed secret applies on the
 * next start. Against real Stripe (STRIPE_API_URL elsewhere) the endpoint is registered in Stripe's
 * dashboard instead, and its secret given to the function.
 */
export async function registerLocalWebhookEndpoint(db: Database, config: Pick<ServerConfig, 'siteUrl' | 'stripeWebhookSecret'>): Promise<StoredWebhookEndpoint> {
  const store = new StripeStore(db);
  const existing = await store.find('webhook_endpoint', LOCAL_WEBHOOK_ENDPOINT_ID);
  return store.put('webhook_endpoint', {
    id: LOCAL_WEBHOOK_ENDPOINT_ID,
    object: 'webhook_endpoint',
    api_version: STRIPE_API_VERSION,
    application: null,
    created: existing?.created ?? Math.floor(Date.now() / 1000),
    description: 'The local stack\'s stripe-webhook function (registered at start-up)',
    enabled_events: ['*'],
    livemode: false,
    metadata: {},
    status: 'enabled',
    url: `${config.siteUrl}/functions/v1/stripe-webhook`,
    secret: config.stripeWebhookSecret,
  });
}
