import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

interface SubscriberBody {
  readonly request_date: string;
  readonly subscriber: {
    readonly original_app_user_id: string;
    readonly first_seen: string;
    readonly entitlements: Record<string, { expires_date: string | null; product_identifier: string; purchase_date: string }>;
    readonly subscriptions: Record<string, Record<string, unknown>>;
    readonly subscriber_attributes: Record<string, { value: string }>;
  };
}

describe('RevenueCat v1 emulator and the dev grant endpoint', () => {
  let server: TestServer;
  let userId: string;
  const auth = () => ({ Authorization: `Bearer ${server.config.revenueCatSecretKey}` });
  const getSubscriber = async (id: string): Promise<SubscriberBody> => {
    const response = await fetch(`${server.url}/revenuecat/v1/subscribers/${encodeURIComponent(id)}`, { headers: auth() });
    expect(response.status).toBe(200);
    return (await response.json()) as SubscriberBody;
  };
  const grant = (body: Record<string, unknown>) =>
    fetch(`${server.url}/_dev/revenuecat/subscriptions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    server = await startTestServer();
    const client = createClient(server.url, server.apiKeys.anonKey, { auth: { persistSession: false } });
    const { data } = await client.auth.signUp({ email: 'carol@example.com', password: 'correct horse battery' });
    userId = data.user?.id ?? '';
  });
  afterAll(() => server.close());

  it('refuses requests without the secret key', async () => {
    const none = await fetch(`${server.url}/revenuecat/v1/subscribers/x`);
    expect(none.status).toBe(401);
    const wrong = await fetch(`${server.url}/revenuecat/v1/subscribers/x`, { headers: { Authorization: 'Bearer sk_wrong' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toHaveProperty('message');
  });

  it('creates a subscriber on first look, with RevenueCat field names', async () => {
    const body = await getSubscriber('first-look user/1');
    expect(body.subscriber).toMatchObject({ original_app_user_id: 'first-look user/1', entitlements: {}, subscriptions: {}, subscriber_attributes: {} });
    expect(body.request_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const again = await getSubscriber('first-look user/1');
    expect(again.subscriber.first_seen).toBe(body.subscriber.first_seen);
    expect((await server.db.query('select count(*)::int as n from revenuecat.subscribers where app_user_id = $1', ['first-look user/1'])).rows).toEqual([{ n: 1 }]);
  });

  it('sets and deletes attributes', async () => {
    const set = await fetch(`${server.url}/revenuecat/v1/subscribers/attr-user/attributes`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ attributes: { $email: { value: 'x@example.com' }, $displayName: { value: 'X' } } }),
    });
    expect(set.status).toBe(200);
    expect((await getSubscriber('attr-user')).subscriber.subscriber_attributes.$email?.value).toBe('x@example.com');
    await fetch(`${server.url}/revenuecat/v1/subscribers/attr-user/attributes`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ attributes: { $email: { value: null } } }),
    });
    expect(Object.keys((await getSubscriber('attr-user')).subscriber.subscriber_attributes)).toEqual(['$displayName']);
  });

  // Receipts of real (emulated) Stripe subscriptions: tests/server/payment-functions.test.ts.
  it('refuses a receipt whose fetch token is no Stripe subscription, and other platforms', async () => {
    const response = await fetch(`${server.url}/revenuecat/v1/receipts`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json', 'X-Platform': 'stripe' },
      body: JSON.stringify({ app_user_id: 'stripe-user', fetch_token: 'sub_doesnotexist' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: expect.stringContaining('sub_doesnotexist') });
    expect((await getSubscriber('stripe-user')).subscriber.subscriptions).toEqual({});
    const wrongPlatform = await fetch(`${server.url}/revenuecat/v1/receipts`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json', 'X-Platform': 'ios' },
      body: JSON.stringify({ app_user_id: 'stripe-user', fetch_token: 'sub_123' }),
    });
    expect(wrongPlatform.status).toBe(400);
  });

  it('grants a store subscription by e-mail; expiry and refund end the entitlement', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const granted = await grant({ email: 'CAROL@example.com', store: 'app_store', product_id: 'ios_monthly', expires_date: future });
    expect(granted.status).toBe(201);
    let body = await getSubscriber(userId);
    expect(body.subscriber.subscriptions.ios_monthly).toMatchObject({ store: 'app_store', unsubscribe_detected_at: null });
    expect(Date.parse(body.subscriber.entitlements.premium?.expires_date ?? '')).toBeGreaterThan(Date.now());

    const refundedAt = new Date(Date.now() - 60_000).toISOString();
    await grant({ app_user_id: userId, store: 'app_store', product_id: 'ios_monthly', expires_date: future, refunded_at: refundedAt });
    body = await getSubscriber(userId);
    expect(body.subscriber.subscriptions.ios_monthly?.refunded_at).toBe(refundedAt.replace(/\.\d{3}Z$/, 'Z'));
    expect(Date.parse(body.subscriber.entitlements.premium?.expires_date ?? '')).toBeLessThan(Date.now());

    await grant({ app_user_id: userId, store: 'play_store', product_id: 'android_yearly', purchase_date: '2020-01-01T00:00:00Z', expires_date: '2021-01-01T00:00:00Z', unsubscribe_detected_at: '2020-06-01T00:00:00Z' });
    body = await getSubscriber(userId);
    expect(body.subscriber.subscriptions.android_yearly).toMatchObject({ store: 'play_store', expires_date: '2021-01-01T00:00:00Z', unsubscribe_detected_at: '2020-06-01T00:00:00Z' });
    expect(Date.parse(body.subscriber.entitlements.premium?.expires_date ?? '')).toBeLessThan(Date.now());
  });

  it('validates dev grants', async () => {
    expect((await grant({ store: 'app_store', product_id: 'p' })).status).toBe(400);
    expect((await grant({ app_user_id: 'a', store: 'windows_store', product_id: 'p' })).status).toBe(400);
    expect((await grant({ email: 'nobody@example.com', store: 'stripe', product_id: 'p' })).status).toBe(404);
  });

  it('is not reachable through REST', async () => {
    const response = await fetch(`${server.url}/rest/v1/subscriptions`, { headers: { apikey: server.apiKeys.serviceRoleKey, Authorization: `Bearer ${server.apiKeys.serviceRoleKey}` } });
    expect(response.status).toBe(404);
  });
});
