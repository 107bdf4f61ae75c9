import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../supabase/functions/_shared/stripe-client';
import { payLatestInvoice } from '../support/pay-latest-invoice';
import { mailsTo } from './support/customer-mails';
import { signedUpUsers } from './support/signed-up-users';
import { startTestServer, type TestServer } from './support/test-server';

const CANCEL = 'cancel-contract-without-sign-in';

/** The "cancel contracts here" function as the page calls it: anonymous, the anon key only. */
describe('cancel-contract-without-sign-in', () => {
  let server: TestServer;
  let stripe: Stripe;
  const user = signedUpUsers(() => server);

  const cancel = async (body: Record<string, unknown>, client?: string): Promise<{ status: number; body: unknown }> => {
    const response = await fetch(`${server.url}/functions/v1/${CANCEL}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apikey: server.apiKeys.anonKey, Authorization: `Bearer ${server.apiKeys.anonKey}`, ...(client === undefined ? {} : { 'X-Forwarded-For': `${client}, 10.0.0.1` }) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  /** A paid weekly subscription made as checkout makes it. */
  async function paidSubscription(email: string): Promise<{ subscriptionId: string; userId: string }> {
    const { client, id } = await user(email);
    const prices = await stripe.prices.list({ lookup_keys: ['w-intro'], active: true });
    const { data, error } = await client.functions.invoke('create-stripe-subscription', { body: { priceId: prices.data[0]?.id, currency: 'eur', email } });
    if (error !== null) throw error;
    const { subscriptionId } = (data as { data: { subscriptionId: string } }).data;
    expect((await payLatestInvoice(stripe, subscriptionId)).status).toBe('succeeded');
    return { subscriptionId, userId: id };
  }

  const confirmations = async (email: string) => (await mailsTo(server.url, email)).filter((mail) => mail.subject !== 'Your receipt');

  beforeAll(async () => {
    server = await startTestServer();
    stripe = createStripeClient({ secretKey: server.config.stripeApiKey, apiUrl: server.url });
  });
  afterAll(() => server.close());

  it('stops the account\'s subscriptions renewing at the period end and confirms by e-mail with the time of receipt; a repeat sends no second e-mail', async () => {
    const { subscriptionId } = await paidSubscription('cancel-anyone@example.com');
    const before = Math.floor(Date.now() / 1000);
    // Typed as a visitor might: other case, spaces. Nothing but the address identifies the contract.
    expect((await cancel({ email: 'not an address', language: 'de' }, '203.0.113.7')).status).toBe(400);
    const accepted = await cancel({ email: ' Cancel-Anyone@Example.com ', language: 'de' }, '203.0.113.7');
    expect(accepted.status).toBe(200);
    const { receivedAt } = (accepted.body as { data: { receivedAt: number } }).data;
    expect(receivedAt).toBeGreaterThanOrEqual(before);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const mails = await confirmations('cancel-anyone@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual(['Ihre Kündigung ist bestätigt']);
    expect(mails[0]?.text).toMatch(/Wir haben Ihre Kündigung am .+ UTC erhalten\. Ihr Abonnement verlängert sich nicht und endet am .+\./);
    expect(await cancel({ email: 'cancel-anyone@example.com' })).toEqual({ status: 200, body: { data: { receivedAt: expect.any(Number) } } });
    expect(await confirmations('cancel-anyone@example.com')).toHaveLength(1);
  });

  it('an address without an account gets the same answer, and no e-mail goes anywhere', async () => {
    const known = await cancel({ email: 'nobody-here@example.com' });
    expect(known.status).toBe(200);
    expect(Object.keys((known.body as { data: object }).data)).toEqual(['receivedAt']);
    expect(await mailsTo(server.url, 'nobody-here@example.com')).toEqual([]);
    // An account without a subscription: the same, and no e-mail either.
    await user('no-subscription@example.com');
    expect((await cancel({ email: 'no-subscription@example.com' })).status).toBe(200);
    expect(await mailsTo(server.url, 'no-subscription@example.com')).toEqual([]);
  });

  it('refuses floods: 5 requests an hour per address, 20 per client, each with 429', async () => {
    for (let count = 0; count < 5; count++) expect((await cancel({ email: 'flooded@example.com' })).status).toBe(200);
    expect(await cancel({ email: 'flooded@example.com' })).toMatchObject({ status: 429, body: { error: 'over_request_rate_limit' } });
    for (let count = 0; count < 20; count++) expect((await cancel({ email: `client-${count}@example.com` }, '198.51.100.9')).status).toBe(200);
    expect((await cancel({ email: 'client-21@example.com' }, '198.51.100.9')).status).toBe(429);
    // Another client is not held back by that one.
    expect((await cancel({ email: 'client-21@example.com' }, '198.51.100.10')).status).toBe(200);
  });
});
