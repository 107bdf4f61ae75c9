import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorClient, emulatorOnly, startStripeTarget } from './support/stripe-target';
import type { StripeTarget } from './support/stripe-target';

/**
 * The Stripe API contract (issue 9, section 5): every call through the unmodified `stripe` SDK, run
 * against the emulator, or against real Stripe test mode when STRIPE_SECRET_KEY is set.
 */
let target: StripeTarget;
let stripe: Stripe;

beforeAll(async () => {
  target = await startStripeTarget('stripe-api-contract');
  stripe = target.stripe;
});
afterAll(() => target?.close());

async function errorOf(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('keys and errors', () => {
  it('refuses a wrong secret key with Stripe 401 and a missing one too', async () => {
    if (!emulatorOnly(target, 'a wrong key against api.stripe.com is not worth the account lock-out risk')) return;
    const server = target.server!;
    const error = await errorOf(emulatorClient(server, 'sk_test_wrong_key_1234').customers.list());
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.message).toBe('Invalid API Key provided: sk_test_****1234');
    const publishable = await errorOf(emulatorClient(server, server.config.stripePublishableKey).customers.list());
    expect(publishable.statusCode).toBe(401);
    const none = await fetch(`${server.url}/v1/customers`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') } });
  });

  it('answers a missing object with 404 resource_missing and a missing parameter with 400', async () => {
    const missing = await errorOf(stripe.customers.retrieve('cus_doesnotexist123'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id', message: "No such customer: 'cus_doesnotexist123'" });
    expect(missing.requestId).toMatch(/^req_/);
    const noName = await errorOf(stripe.products.create({ name: '' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.param).toBe('name');
  });
});

describe('products and prices', () => {
  it('creates a recurring price with currency options and a lookup key; options only when expanded; decimals as strings', async () => {
    const product = await stripe.products.create({ name: `Contract ${target.runId}`, metadata: { run: target.runId } });
    expect(product).toMatchObject({ object: 'product', active: true, livemode: false, metadata: { run: target.runId } });
    const lookupKey = `contract-weekly-${target.runId}`;
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: 999,
      recurring: { interval: 'week' },
      lookup_key: lookupKey,
      currency_options: { usd: { unit_amount: 1099 }, jpy: { unit_amount: 1599 } },
    });
    expect(price).toMatchObject({ object: 'price', type: 'recurring', currency: 'eur', unit_amount: 999, lookup_key: lookupKey, product: product.id });
    expect(price.recurring).toMatchObject({ interval: 'week', interval_count: 1, usage_type: 'licensed' });
    expect(String(price.unit_amount_decimal)).toBe('999');
    expect(price.currency_options).toBeUndefined();

    const expanded = await stripe.prices.retrieve(price.id, { expand: ['currency_options', 'product'] });
    expect(expanded.currency_options?.usd?.unit_amount).toBe(1099);
    expect(expanded.currency_options?.jpy?.unit_amount).toBe(1599);
    expect(expanded.currency_options?.eur?.unit_amount).toBe(999);
    expect(expanded.currency_options?.usd?.unit_amount_decimal).toBe('1099');
    expect(typeof expanded.product === 'object' && expanded.product.id).toBe(product.id);

    const listed = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, expand: ['data.currency_options'] });
    expect(listed.data.map((p) => p.id)).toEqual([price.id]);
    expect(listed.data[0]?.currency_options?.jpy?.unit_amount).toBe(1599);

    const taken = await errorOf(stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: 499, recurring: { interval: 'week' }, lookup_key: lookupKey }));
    expect(taken.statusCode).toBe(400);
    expect(taken.param).toBe('lookup_key');
    const moved = await stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: 499,
      recurring: { interval: 'week' },
      lookup_key: lookupKey,
      transfer_lookup_key: true,
    });
    expect((await stripe.prices.retrieve(price.id)).lookup_key).toBeNull();
    expect((await stripe.prices.list({ lookup_keys: [lookupKey] })).data.map((p) => p.id)).toEqual([moved.id]);

    const archived = await stripe.prices.update(price.id, { active: false });
    expect(archived.active).toBe(false);
    const activeOnly = await stripe.prices.list({ product: product.id, active: true });
    expect(activeOnly.data.map((p) => p.id)).toEqual([moved.id]);
  });

  it('has the catalogue seeded: four lookup keys, every fx_rates currency', async () => {
    if (!emulatorOnly(target, 'the seeded catalogue lives in the emulator; a real account gets it from npm run stripe:sync')) return;
    const prices = await stripe.prices.list({ lookup_keys: ['w-full', 'w-intro', 'y-full', 'y-intro'], active: true, expand: ['data.currency_options'] });
    expect(prices.data.map((p) => p.lookup_key).sort()).toEqual(['w-full', 'w-intro', 'y-full', 'y-intro']);
    for (const price of prices.data) {
      expect(price.product).toBe('prod_nutrition_premium');
      expect(Object.keys(price.currency_options ?? {})).toHaveLength(38);
    }
    const weekly = prices.data.find((p) => p.lookup_key === 'w-full');
    expect(weekly?.recurring?.interval).toBe('week');
    expect(weekly?.unit_amount).toBe(999);
    expect(prices.data.find((p) => p.lookup_key === 'y-intro')?.recurring?.interval).toBe('year');
  });
});

describe('customers, pagination, search and idempotency', () => {
  it('creates, retrieves, updates and deletes a customer', async () => {
    const customer = await stripe.customers.create({ email: `ann-${target.runId}@example.com`, name: 'Ann', metadata: { user_id: `u-${target.runId}` } });
    expect(customer).toMatchObject({ object: 'customer', email: `ann-${target.runId}@example.com`, test_clock: null, invoice_settings: { default_payment_method: null } });
    const updated = await stripe.customers.update(customer.id, { metadata: { plan: 'weekly' } });
    expect(updated.metadata).toEqual({ user_id: `u-${target.runId}`, plan: 'weekly' });
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    const deleted = await stripe.customers.del(customer.id);
    expect(deleted).toEqual({ id: customer.id, object: 'customer', deleted: true });
  });

  it('pages lists newest first with limit, starting_after and has_more, and auto-pagination', async () => {
    const email = `page-${target.runId}@example.com`;
    const created: string[] = [];
    for (let i = 0; i < 5; i += 1) created.push((await stripe.customers.create({ email, metadata: { index: String(i) } })).id);
    const first = await stripe.customers.list({ email, limit: 2 });
    expect(first.object).toBe('list');
    expect(first.url).toBe('/v1/customers');
    expect(first.has_more).toBe(true);
    expect(first.data.map((c) => c.id)).toEqual([created[4], created[3]]);
    const second = await stripe.customers.list({ email, limit: 2, starting_after: first.data[1]?.id });
    expect(second.data.map((c) => c.id)).toEqual([created[2], created[1]]);
    const all = await stripe.customers.list({ email, limit: 2 }).autoPagingToArray({ limit: 10 });
    expect(all.map((c) => c.id)).toEqual([...created].reverse());
    const caseDiffers = await stripe.customers.list({ email: email.toUpperCase() });
    expect(caseDiffers.data).toHaveLength(0);
  });

  it('searches customers by e-mail and metadata, with pages', async () => {
    const email = `search-${target.runId}@example.com`;
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await stripe.customers.create({ email, metadata: { user_id: `s-${target.runId}-${i}` } })).id);
    // Real Stripe's search index lags writes by up to a minute (STRIPE.md 1.3); the emulator's does not.
    await expect
      .poll(async () => (await stripe.customers.search({ query: `email:'${email}'` })).data.length, { timeout: target.isEmulator ? 1000 : 90_000, interval: 2000 })
      .toBe(3);
    const page = await stripe.customers.search({ query: `email:'${email}'`, limit: 2 });
    expect(page.object).toBe('search_result');
    expect(page.has_more).toBe(true);
    expect(page.next_page).toEqual(expect.any(String));
    const rest = await stripe.customers.search({ query: `email:'${email}'`, limit: 2, page: page.next_page ?? '' });
    expect(rest.has_more).toBe(false);
    expect([...page.data, ...rest.data].map((c) => c.id).sort()).toEqual([...ids].sort());
    const byMetadata = await stripe.customers.search({ query: `metadata['user_id']:'s-${target.runId}-1' AND email:'${email}'` });
    expect(byMetadata.data.map((c) => c.id)).toEqual([ids[1]]);
    const malformed = await errorOf(stripe.customers.search({ query: 'email:' }));
    expect(malformed.statusCode).toBe(400);
  });

  it('replays an idempotent POST and refuses the same key with other parameters', async () => {
    const key = `contract-${target.runId}-customer`;
    const email = `idem-${target.runId}@example.com`;
    const first = await stripe.customers.create({ email }, { idempotencyKey: key });
    const again = await stripe.customers.create({ email }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect((await stripe.customers.list({ email })).data).toHaveLength(1);
    const conflict = await errorOf(stripe.customers.create({ email: `other-${target.runId}@example.com` }, { idempotencyKey: key }));
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(conflict.statusCode).toBe(400);
    expect(conflict.message).toContain(`Try using a key other than '${key}'`);
  });

  it('lets a browser origin read the answers (CORS)', async () => {
    if (!emulatorOnly(target, 'CORS of api.stripe.com is Stripe’s own business')) return;
    const server = target.server!;
    const answer = await fetch(`${server.url}/v1/customers`, { headers: { Origin: 'http://localhost:5173', Authorization: `Bearer ${server.config.stripeSecretKey}` } });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('request-id')).toMatch(/^req_/);
  });
});
