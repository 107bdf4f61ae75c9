import { createClient } from '@supabase/supabase-js';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../supabase/functions/_shared/stripe-client';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

// Issue 26 section 8: the local runner looks the caller up in Auth, as the deployed wrapper does
// (supabase/functions/_shared/edge-function.ts), so a token that is still well signed but whose session
// ended or whose user is gone is refused before the function acts.
describe('functions refuse a token whose session or user no longer exists', () => {
  let server: TestServer;
  let stripe: Stripe;
  let priceId: string;

  beforeAll(async () => {
    server = await startTestServer();
    stripe = createStripeClient({ secretKey: server.config.stripeApiKey, apiUrl: server.url });
    const prices = await stripe.prices.list({ lookup_keys: ['w-intro'], active: true });
    const price = prices.data[0];
    if (price === undefined) throw new Error('the seeded catalogue has no w-intro price');
    priceId = price.id;
  });
  afterAll(() => server.close());

  async function signUp(email: string): Promise<{ id: string; accessToken: string; signOut: () => Promise<void> }> {
    const client = createClient(server.url, server.apiKeys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data, error } = await client.auth.signUp({ email, password: 'correct horse battery' });
    if (error !== null || data.user === null || data.session === null) throw error ?? new Error('no session');
    return {
      id: data.user.id,
      accessToken: data.session.access_token,
      signOut: async () => {
        const { error: signOutError } = await client.auth.signOut();
        if (signOutError !== null) throw signOutError;
      },
    };
  }

  /** What checkout's first payment call does: a Stripe customer and an incomplete subscription. */
  function createSubscription(accessToken: string, email: string): Promise<Response> {
    return fetch(`${server.url}/functions/v1/create-stripe-subscription`, {
      method: 'POST',
      headers: { apikey: server.apiKeys.anonKey, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ priceId, currency: 'eur', email }),
    });
  }

  async function stripeCustomersOf(email: string): Promise<number> {
    return (await stripe.customers.list({ email, limit: 10 })).data.length;
  }

  async function customerMappingsOf(userId: string): Promise<number> {
    return (await server.db.query('select 1 from public.stripe_customers where user_id = $1', [userId])).rows.length;
  }

  it('a live session is served (the control)', async () => {
    const email = 'caller-live@example.com';
    const user = await signUp(email);
    expect((await createSubscription(user.accessToken, email)).status).toBe(200);
    expect(await stripeCustomersOf(email)).toBe(1);
  });

  it('after sign-out the old access token gets 401 and nothing is created', async () => {
    const email = 'caller-signed-out@example.com';
    const user = await signUp(email);
    await user.signOut();

    const answer = await createSubscription(user.accessToken, email);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    expect(await stripeCustomersOf(email)).toBe(0);
    expect(await customerMappingsOf(user.id)).toBe(0);
  });

  it('after the user is deleted their access token gets 401 and nothing is created', async () => {
    const email = 'caller-deleted@example.com';
    const user = await signUp(email);
    await server.db.query('delete from auth.users where id = $1', [user.id]);

    const answer = await createSubscription(user.accessToken, email);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    expect(await stripeCustomersOf(email)).toBe(0);
  });
});
