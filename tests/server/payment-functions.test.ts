import { FunctionsHttpError, createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../supabase/functions/_shared/stripe-client';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

interface CreatedSubscription {
  readonly data: { readonly clientSecret: string | null; readonly subscriptionId: string; readonly invoiceSubtotal: number; readonly invoiceCurrency: string };
}

interface SubscriberBody {
  readonly subscriber: {
    readonly entitlements: Record<string, { expires_date: string | null; product_identifier: string }>;
    readonly subscriptions: Record<string, Record<string, unknown>>;
  };
}

/** The status and body of a function's answer, whether it succeeded or not. */
async function call(client: SupabaseClient, name: string, body: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const { data, error, response } = await client.functions.invoke(name, { body });
  if (error instanceof FunctionsHttpError) {
    const answer: Response = error.context;
    return { status: answer.status, body: await answer.json() };
  }
  if (error !== null) throw error;
  return { status: response?.status ?? 0, body: data };
}

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

// The payment functions as the app calls them (supabase-js with real users' JWTs) against the local
// stack's Stripe emulator, inspected with the stripe SDK: what section 5 of issue 9 asks to prove.
describe('payment functions', () => {
  let server: TestServer;
  let stripe: Stripe;
  let introPrice: Stripe.Price;
  let fullPrice: Stripe.Price;
  const users = new Map<string, { client: SupabaseClient; id: string }>();

  async function user(email: string): Promise<{ client: SupabaseClient; id: string }> {
    const known = users.get(email);
    if (known !== undefined) return known;
    const client = createClient(server.url, server.apiKeys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data, error } = await client.auth.signUp({ email, password: 'correct horse battery' });
    if (error !== null || data.user === null) throw error ?? new Error('no user');
    const created = { client, id: data.user.id };
    users.set(email, created);
    return created;
  }

  const subscribe = (client: SupabaseClient, price: Stripe.Price, extra: Record<string, unknown> = {}) =>
    call(client, 'create-stripe-subscription', { priceId: price.id, currency: 'eur', email: 'ignored@example.com', ...extra });

  async function customersOf(userId: string): Promise<Stripe.Customer[]> {
    // The list is exact (search lags on real Stripe): every customer, filtered by the metadata we set.
    const customers: Stripe.Customer[] = [];
    for await (const customer of stripe.customers.list({ limit: 100 })) if (customer.metadata.user_id === userId) customers.push(customer);
    return customers;
  }

  async function pay(subscriptionId: string): Promise<void> {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.payments'] });
    const invoice = subscription.latest_invoice;
    if (invoice === null || typeof invoice === 'string') throw new Error('no invoice');
    const paymentIntent = invoice.payments?.data[0]?.payment.payment_intent;
    if (paymentIntent === undefined) throw new Error('no payment intent');
    const confirmed = await stripe.paymentIntents.confirm(typeof paymentIntent === 'string' ? paymentIntent : paymentIntent.id, { payment_method: 'pm_card_visa' });
    expect(confirmed.status).toBe('succeeded');
  }

  const subscriber = async (appUserId: string): Promise<SubscriberBody> => {
    const response = await fetch(`${server.url}/revenuecat/v1/subscribers/${encodeURIComponent(appUserId)}`, {
      headers: { Authorization: `Bearer ${server.config.revenueCatSecretKey}` },
    });
    return (await response.json()) as SubscriberBody;
  };

  beforeAll(async () => {
    server = await startTestServer();
    stripe = createStripeClient({ secretKey: server.config.stripeApiKey, apiUrl: server.url });
    const prices = await stripe.prices.list({ lookup_keys: ['w-intro', 'w-full'], active: true });
    const byKey = new Map(prices.data.map((price) => [price.lookup_key, price]));
    const intro = byKey.get('w-intro');
    const full = byKey.get('w-full');
    if (intro === undefined || full === undefined) throw new Error('the seeded catalogue has no w-intro / w-full prices');
    introPrice = intro;
    fullPrice = full;
  });
  afterAll(() => server?.close());

  it('list-stripe-prices: the product\'s active prices with an amount per currency', async () => {
    const { client } = await user('prices@example.com');
    const productId = typeof introPrice.product === 'string' ? introPrice.product : introPrice.product.id;
    const answer = await call(client, 'list-stripe-prices', { productId });
    expect(answer.status).toBe(200);
    const { data } = answer.body as { data: { id: string; lookup_key: string; unit_amount_decimal: string; currency_options: Record<string, { unit_amount_decimal: string }> }[] };
    expect(data.map((price) => price.lookup_key).sort()).toEqual(['w-full', 'w-intro', 'y-full', 'y-intro']);
    const intro = data.find((price) => price.id === introPrice.id);
    expect(intro?.unit_amount_decimal).toMatch(/^\d+$/);
    expect(intro?.currency_options.eur?.unit_amount_decimal).toMatch(/^\d+$/);
    expect(Object.keys(intro?.currency_options ?? {}).length).toBeGreaterThan(1);
    const anonymous = createClient(server.url, server.apiKeys.anonKey, { auth: { persistSession: false } });
    expect((await call(anonymous, 'list-stripe-prices', { productId })).status).toBe(401);
  });

  it('creates one Stripe customer for concurrent first calls of one user, and maps it to the user', async () => {
    const { client, id } = await user('first-calls@example.com');
    // The customer is made before anything about subscriptions, so this holds whatever comes after.
    await Promise.all(Array.from({ length: 5 }, () => subscribe(client, introPrice)));
    const customers = await customersOf(id);
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ email: 'first-calls@example.com', metadata: { user_id: id } });
    // The emulator's search sees writes at once, which real Stripe's does not (up to a minute): what
    // holds under that lag is the deterministic Idempotency-Key, so prove the customer came from it.
    const replayed = await stripe.customers.create({ email: 'first-calls@example.com', metadata: { user_id: id } }, { idempotencyKey: `customer-for-user-${id}` });
    expect(replayed.id).toBe(customers[0]?.id);
    const mapped = await server.db.query<{ customer_id: string }>('select customer_id from public.stripe_customers where user_id = $1', [id]);
    expect(mapped.rows).toEqual([{ customer_id: customers[0]?.id }]);
    // The user may read their own mapping, never write it.
    const own = await client.from('stripe_customers').select('customer_id');
    expect(own.data).toEqual([{ customer_id: customers[0]?.id }]);
    const write = await client.from('stripe_customers').update({ customer_id: 'cus_someoneelse' }).eq('user_id', id);
    expect(write.error).not.toBeNull();
    expect((await server.db.query('select customer_id from public.stripe_customers where user_id = $1', [id])).rows).toEqual(mapped.rows);
  });

  it('refuses bad input with the reason', async () => {
    const { client } = await user('input@example.com');
    expect(await subscribe(client, introPrice, { priceId: 'price_doesnotexist' })).toMatchObject({ status: 400, body: { error: 'invalid_price' } });
    expect(await subscribe(client, introPrice, { currency: 'euro' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await subscribe(client, introPrice, { currency: 'xxx' })).toMatchObject({ status: 400, body: { error: 'unsupported_currency' } });
  });

});
