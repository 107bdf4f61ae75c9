import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

// The stripe-webhook function's own guarantees, through plain HTTP as Stripe delivers: no JWT needed
// (verify_jwt = false in supabase/config.toml), the signature checked by the SDK, one handling per
// event id. Keeping RevenueCat in step is proven in payment-functions.test.ts with the emulator.
describe('stripe-webhook function', () => {
  let server: TestServer;
  const secret = 'whsec_test_webhook_function_secret';

  const handledEvents = async () =>
    (await server.db.query<{ id: string; type: string }>('select id, type from public.stripe_webhook_events order by id')).rows;
  const event = (id: string, type = 'customer.created') =>
    JSON.stringify({ id, object: 'event', api_version: '2026-10-28.endive', created: 1_790_000_000, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object: { id: 'cus_webhooktest', object: 'customer', metadata: {} } } });
  const deliver = (payload: string, headers: Record<string, string>) =>
    fetch(`${server.url}/functions/v1/stripe-webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: payload });
  const signed = (payload: string, key = secret) => ({ 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: key }) });

  beforeAll(async () => {
    server = await startTestServer({ env: { STRIPE_WEBHOOK_SECRET: secret } });
  });
  afterAll(() => server.close());

  it('refuses a delivery without a signature, with a forged one and with a stale one: 400, nothing recorded', async () => {
    const payload = event('evt_refused1');
    const missing = await deliver(payload, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'missing_signature' });

    const forged = await deliver(payload, signed(payload, 'whsec_someone_else'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: 'invalid_signature' });

    // A valid signature over other bytes: the body was changed in transit.
    const tampered = await deliver(event('evt_refused2'), signed(payload));
    expect(tampered.status).toBe(400);

    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - 301 });
    const stale = await deliver(payload, { 'Stripe-Signature': header });
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ message: expect.stringMatching(/tolerance/i) });

    expect(await handledEvents()).toEqual([]);
  });

  it('accepts a signed delivery without any JWT and handles each event id once', async () => {
    const payload = event('evt_once1');
    const first = await deliver(payload, signed(payload));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    expect(await handledEvents()).toEqual([{ id: 'evt_once1', type: 'customer.created' }]);

    // Stripe redelivers (a lost 2xx): signed again with a new timestamp, same event id.
    const again = await deliver(payload, signed(payload));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await handledEvents()).toEqual([{ id: 'evt_once1', type: 'customer.created' }]);
  });

  it('registers the emulator\'s webhook endpoint for this function at start-up, with the function\'s secret', async () => {
    const rows = await server.db.query<{ data: { url: string; secret: string; enabled_events: string[]; status: string } }>(
      "select data from stripe.objects where object = 'webhook_endpoint'",
    );
    expect(rows.rows.map((row) => row.data)).toEqual([
      expect.objectContaining({ url: `${server.config.siteUrl}/functions/v1/stripe-webhook`, secret, enabled_events: ['*'], status: 'enabled' }),
    ]);
    // What the emulator signs with is what the function accepts.
    const payload = event('evt_endpoint_secret');
    const delivered = await deliver(payload, signed(payload, rows.rows[0]?.data.secret));
    expect(delivered.status).toBe(200);
  });

  it('acknowledges an event about a subscription this account does not have, changing nothing', async () => {
    const payload = JSON.stringify({
      id: 'evt_foreign_invoice', object: 'event', api_version: '2026-10-28.endive', created: 1_790_000_000, livemode: false, pending_webhooks: 1,
      request: { id: null, idempotency_key: null }, type: 'invoice.paid',
      data: { object: { id: 'in_foreign', object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_notonthisaccount', metadata: {} }, quote_details: null } } },
    });
    const response = await deliver(payload, signed(payload));
    expect(response.status).toBe(200);
    expect((await server.db.query('select count(*)::int as n from revenuecat.subscriptions')).rows).toEqual([{ n: 0 }]);
  });

  it('keeps the JWT check on every other function', async () => {
    const response = await fetch(`${server.url}/functions/v1/list-stripe-prices`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
  });

  it('keeps the event ledger from the API roles', async () => {
    const anon = await fetch(`${server.url}/rest/v1/stripe_webhook_events?select=*`, { headers: { apikey: server.apiKeys.anonKey } });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toMatchObject({ code: '42501' });
    const insert = await fetch(`${server.url}/rest/v1/stripe_webhook_events`, {
      method: 'POST',
      headers: { apikey: server.apiKeys.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'evt_forged_by_anon', type: 'x' }),
    });
    expect(insert.status).toBeGreaterThanOrEqual(401);
    expect((await handledEvents()).map((row) => row.id)).not.toContain('evt_forged_by_anon');
  });
});
