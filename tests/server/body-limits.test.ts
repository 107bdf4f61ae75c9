import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

const KiB = 1024;
const MiB = 1024 * KiB;

interface MicroCounts {
  readonly total: number;
}

/** A body sent chunked (no Content-Length), so the limit must count the bytes as they arrive. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(offset, offset + 64 * KiB));
      offset += 64 * KiB;
    },
  });
}

// Issue 26 section 10: every route answers 413 past its body limit (docs/local-stack.md lists them),
// and nothing of an oversized body is stored.
describe('body limits', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function microTotal(): Promise<number> {
    const answer = await fetch(`${server.url}/micro/all`);
    return ((await answer.json()) as MicroCounts).total;
  }

  it('the collector refuses a payload past 1 MB and stores none of it', async () => {
    const before = await microTotal();
    const event = (size: number) =>
      JSON.stringify({
        schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
        data: [{ e: 'pv', p: 'web', tv: 'js-4.0.0', aid: 'funnel', eid: crypto.randomUUID(), url: `https://example.com/?q=${'x'.repeat(size)}` }],
      });
    const post = (body: string) => fetch(`${server.url}/com.snowplowanalytics.snowplow/tp2`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    const tooLarge = await post(event(1_000_000));
    expect(tooLarge.status).toBe(413);
    const eightMiB = await post(event(8 * MiB));
    expect(eightMiB.status).toBe(413);
    expect(await microTotal()).toBe(before);
    // A large event within the limit still lands.
    expect((await post(event(900_000))).status).toBe(200);
    expect(await microTotal()).toBe(before + 1);
  });

  it('the functions refuse a body past 1 MiB, also when sent chunked, before the function runs', async () => {
    const client = createClient(server.url, server.apiKeys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data, error } = await client.auth.signUp({ email: 'big-body@example.com', password: 'correct horse battery' });
    if (error !== null || data.session === null) throw error ?? new Error('no session');
    const headers = { apikey: server.apiKeys.anonKey, Authorization: `Bearer ${data.session.access_token}`, 'Content-Type': 'application/json' };
    const body = JSON.stringify({ currency: 'eur', email: 'big-body@example.com', priceId: 'x'.repeat(MiB) });
    const url = `${server.url}/functions/v1/create-stripe-subscription`;

    const sized = await fetch(url, { method: 'POST', headers, body });
    expect(sized.status).toBe(413);
    // undici needs `duplex` for a stream body; the DOM RequestInit type does not list it yet.
    const streamedInit: RequestInit & { duplex: 'half' } = { method: 'POST', headers, body: chunked(body), duplex: 'half' };
    const streamed = await fetch(url, streamedInit);
    expect(streamed.status).toBe(413);
    const customers = await server.db.query('select 1 from public.stripe_customers');
    expect(customers.rows).toHaveLength(0);
  });

  it('the Stripe emulator refuses a form body past 1 MiB and creates nothing', async () => {
    const auth = { Authorization: `Bearer ${server.config.stripeApiKey}`, 'Content-Type': 'application/x-www-form-urlencoded' };
    const count = async () => ((await (await fetch(`${server.url}/v1/customers?limit=100`, { headers: auth })).json()) as { data: unknown[] }).data.length;
    const before = await count();
    const answer = await fetch(`${server.url}/v1/customers`, { method: 'POST', headers: auth, body: `description=${'x'.repeat(MiB)}` });
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    expect(await count()).toBe(before);
  });

  it('net_amounts refuses a body past 16 KiB', async () => {
    const body = JSON.stringify({ country_code: 'DE', currency: 'eur', gross_amount: 999, payment_method_type: 'card', padding: 'x'.repeat(16 * KiB) });
    const answer = await fetch(`${server.url}/api/v1/net_amounts`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(answer.status).toBe(413);
  });

  it('the other routes (RevenueCat, Sentry) refuse past their limits', async () => {
    const revenueCat = await fetch(`${server.url}/revenuecat/v1/receipts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.config.revenueCatSecretKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ app_user_id: 'someone', fetch_token: 'x'.repeat(MiB) }),
    });
    expect(revenueCat.status).toBe(413);
    const sentry = await fetch(`${server.url}/api/1/envelope/?sentry_key=local`, { method: 'POST', headers: { 'Content-Type': 'application/x-sentry-envelope' }, body: 'x'.repeat(5 * MiB + 1) });
    expect(sentry.status).toBe(413);
  });
});
