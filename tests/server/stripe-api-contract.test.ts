import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorClient, emulatorOnly, startStripeTarget } from './support/stripe-target';
import type { StripeTarget } from './support/stripe-target';
import { stripeIdOf } from './support/stripe-id-of';

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
afterAll(() => target.close());

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
    const server = target.server;
    if (server === undefined) throw new Error('emulatorOnly: the emulator is running');
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
    const server = target.server;
    if (server === undefined) throw new Error('emulatorOnly: the emulator is running');
    const answer = await fetch(`${server.url}/v1/customers`, { headers: { Origin: 'http://localhost:5173', Authorization: `Bearer ${server.config.stripeSecretKey}` } });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('request-id')).toMatch(/^req_/);
  });
});

describe('subscriptions, invoices and payments', () => {
  let weekly: Stripe.Price;
  let coupon: Stripe.Coupon;

  beforeAll(async () => {
    const product = await stripe.products.create({ name: `Plans ${target.runId}` });
    weekly = await stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: 999, recurring: { interval: 'week' }, currency_options: { usd: { unit_amount: 1099 } } });
    coupon = await stripe.coupons.create({ percent_off: 50, duration: 'once' });
  });

  async function incompleteSubscription(extra: Partial<Stripe.SubscriptionCreateParams> = {}) {
    const customer = await stripe.customers.create({ email: `sub-${target.runId}@example.com`, metadata: { user_id: `u-${target.runId}` } });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: weekly.id }],
      currency: 'usd',
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
      ...extra,
    });
    const invoice = subscription.latest_invoice;
    if (invoice === null || typeof invoice === 'string') throw new Error('latest_invoice was not expanded');
    const intentId = invoice.payments?.data[0]?.payment.payment_intent;
    if (typeof intentId !== 'string') throw new Error('no payment intent on the invoice');
    return { customer, subscription, invoice, intentId, clientSecret: invoice.confirmation_secret?.client_secret ?? '' };
  }

  it('creates a default_incomplete subscription whose invoice carries the confirmation secret; paying it activates the subscription', async () => {
    const { customer, subscription, invoice, intentId, clientSecret } = await incompleteSubscription({ discounts: [{ coupon: coupon.id }] });
    expect(subscription).toMatchObject({ object: 'subscription', status: 'incomplete', currency: 'usd', customer: customer.id, cancel_at_period_end: false, default_payment_method: null, schedule: null });
    const item = subscription.items.data[0];
    expect(item?.price.id).toBe(weekly.id);
    expect((item?.current_period_end ?? 0) - (item?.current_period_start ?? 0)).toBe(7 * 86400);
    expect(invoice).toMatchObject({ status: 'open', billing_reason: 'subscription_create', currency: 'usd', subtotal: 1099, total: 549, amount_due: 549 });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(clientSecret.startsWith(`${intentId}_secret_`)).toBe(true);
    expect(invoice.payments?.data[0]).toMatchObject({ object: 'invoice_payment', is_default: true, status: 'open', amount_requested: 549 });
    // Includable fields stay out unless expanded.
    expect((await stripe.invoices.retrieve(invoice.id)).confirmation_secret).toBeUndefined();

    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({ status: 'requires_payment_method', amount: 549, currency: 'usd', customer: customer.id });
    const paid = await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa', return_url: 'https://example.com/done' });
    expect(paid.status).toBe('succeeded');
    expect(paid.latest_charge).toEqual(expect.stringMatching(/^ch_/));

    const active = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice.payments'] });
    expect(active.status).toBe('active');
    expect(active.default_payment_method).toBe(paid.payment_method);
    const paidInvoice = active.latest_invoice;
    expect(typeof paidInvoice === 'object' && paidInvoice?.status).toBe('paid');
    expect(typeof paidInvoice === 'object' && paidInvoice?.payments?.data[0]?.status).toBe('paid');
    const method = await stripe.paymentMethods.retrieve(stripeIdOf(paid.payment_method));
    expect(method).toMatchObject({ type: 'card', customer: customer.id, card: { brand: 'visa', last4: '4242' } });

    const listed = await stripe.subscriptions.list({ customer: customer.id });
    expect(listed.data.map((s) => s.id)).toEqual([subscription.id]);
    // A once coupon is used up by the first invoice.
    expect(active.discounts).toEqual([]);
  });

  it.each([
    ['pm_card_visa_chargeDeclined', 'generic_decline', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['pm_card_chargeCustomerFail', 'generic_decline', 'Your card was declined.'],
  ])('declines %s with 402 card_declined / %s and leaves the PaymentIntent requires_payment_method', async (token, declineCode, message) => {
    const { subscription, intentId } = await incompleteSubscription();
    const error = await errorOf(stripe.paymentIntents.confirm(intentId, { payment_method: token, return_url: 'https://example.com/done' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: declineCode, message });
    expect(error.charge).toEqual(expect.stringMatching(/^ch_/));
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.last_payment_error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: declineCode });
    expect((await stripe.charges.retrieve(error.charge ?? '')).status).toBe('failed');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('incomplete');
    // The card can still be fixed: a good card pays the same PaymentIntent.
    expect((await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa', return_url: 'https://example.com/done' })).status).toBe('succeeded');
  });

  it('attaches the 0341 card (charges fail later) but refuses to attach the 0002 card', async () => {
    const customer = await stripe.customers.create({ email: `attach-${target.runId}@example.com` });
    const attached = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    expect(attached).toMatchObject({ customer: customer.id, card: { last4: '0341' } });
    const listed = await stripe.customers.listPaymentMethods(customer.id);
    expect(listed.data.map((m) => m.id)).toEqual([attached.id]);
    const declined = await errorOf(stripe.paymentMethods.attach('pm_card_visa_chargeDeclined', { customer: customer.id }));
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined' });
  });

  it.each(['pm_card_authenticationRequired', 'pm_card_authenticationRequiredOnSetup'])('asks for 3-D Secure with %s, then completes or fails it', async (token) => {
    const completed = await incompleteSubscription();
    const waiting = await stripe.paymentIntents.confirm(completed.intentId, { payment_method: token, return_url: 'https://example.com/done' });
    expect(waiting.status).toBe('requires_action');
    expect(waiting.next_action?.type).toBe('use_stripe_sdk');
    if (!emulatorOnly(target, 'completing 3-D Secure needs a browser on Stripe; the emulator has _authenticate')) return;
    const done: Stripe.PaymentIntent = await stripe.rawRequest('POST', `/v1/payment_intents/${completed.intentId}/_authenticate`, { success: 'true' });
    expect(done.status).toBe('succeeded');
    expect((await stripe.subscriptions.retrieve(completed.subscription.id)).status).toBe('active');

    const failed = await incompleteSubscription();
    await stripe.paymentIntents.confirm(failed.intentId, { payment_method: token, return_url: 'https://example.com/done' });
    const refused: Stripe.PaymentIntent = await stripe.rawRequest('POST', `/v1/payment_intents/${failed.intentId}/_authenticate`, { success: 'false' });
    expect(refused.status).toBe('requires_payment_method');
    expect(refused.last_payment_error).toMatchObject({ type: 'invalid_request_error', code: 'payment_intent_authentication_failure' });
    expect((await stripe.subscriptions.retrieve(failed.subscription.id)).status).toBe('incomplete');
  });

  it('lets the browser confirm with the publishable key and the client secret only (Stripe.js calls)', async () => {
    if (!emulatorOnly(target, 'Stripe.js calls to api.stripe.com are Stripe’s own; the sandbox calls the emulator')) return;
    const server = target.server;
    if (server === undefined) throw new Error('emulatorOnly: the emulator is running');
    const { intentId, clientSecret } = await incompleteSubscription();
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost:5173' };
    const card = {
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '34',
      'payment_method_data[card][cvc]': '123',
      'payment_method_data[billing_details][address][country]': 'US',
      'payment_method_data[billing_details][address][postal_code]': '10001',
      return_url: 'http://localhost:5173/checkout/payment-completion',
      key: server.config.stripePublishableKey,
    };
    const wrongSecret = await fetch(`${server.url}/v1/payment_intents/${intentId}/confirm`, { method: 'POST', headers, body: form({ ...card, client_secret: `${intentId}_secret_wrong` }) });
    expect(wrongSecret.status).toBe(400);
    const secretKeyRoute = await fetch(`${server.url}/v1/customers?key=${server.config.stripePublishableKey}`);
    expect(secretKeyRoute.status).toBe(401);
    const declinedCard = await fetch(`${server.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers,
      body: form({ ...card, 'payment_method_data[card][number]': '4000000000009995', client_secret: clientSecret }),
    });
    expect(declinedCard.status).toBe(402);
    expect(await declinedCard.json()).toMatchObject({ error: { type: 'card_error', decline_code: 'insufficient_funds', payment_intent: { id: intentId, status: 'requires_payment_method' } } });
    const answer = await fetch(`${server.url}/v1/payment_intents/${intentId}/confirm`, { method: 'POST', headers, body: form({ ...card, client_secret: clientSecret }) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const confirmed = (await answer.json()) as { status: string; customer: unknown };
    expect(confirmed).toMatchObject({ status: 'succeeded', customer: null });
    const read = await fetch(`${server.url}/v1/payment_intents/${intentId}?key=${server.config.stripePublishableKey}&client_secret=${clientSecret}`);
    expect(await read.json()).toMatchObject({ id: intentId, status: 'succeeded' });
  });

  it('refunds part, then the rest, of a payment', async () => {
    const { intentId } = await incompleteSubscription();
    const paid = await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa', return_url: 'https://example.com/done' });
    const part = await stripe.refunds.create({ payment_intent: intentId, amount: 100, reason: 'requested_by_customer' });
    expect(part).toMatchObject({ object: 'refund', amount: 100, status: 'succeeded', payment_intent: intentId, charge: paid.latest_charge, reason: 'requested_by_customer' });
    expect(await stripe.charges.retrieve(stripeIdOf(paid.latest_charge))).toMatchObject({ amount_refunded: 100, refunded: false });
    const rest = await stripe.refunds.create({ payment_intent: intentId });
    expect(rest.amount).toBe(paid.amount - 100);
    expect(await stripe.charges.retrieve(stripeIdOf(paid.latest_charge))).toMatchObject({ amount_refunded: paid.amount, refunded: true });
    const again = await errorOf(stripe.refunds.create({ payment_intent: intentId }));
    expect(again.statusCode).toBe(400);
  });

  it('cancels at period end on update, and at once with DELETE', async () => {
    const { subscription, intentId } = await incompleteSubscription();
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa', return_url: 'https://example.com/done' });
    const later = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(later).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: subscription.items.data[0]?.current_period_end });
    const now = await stripe.subscriptions.cancel(subscription.id, { invoice_now: false, prorate: false });
    expect(now.status).toBe('canceled');
    expect(now.ended_at).toEqual(expect.any(Number));
    expect((await stripe.subscriptions.list({ customer: stripeIdOf(subscription.customer) })).data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ customer: stripeIdOf(subscription.customer), status: 'canceled' })).data.map((s) => s.id)).toEqual([subscription.id]);
  });

  it('refuses a currency the price does not offer', async () => {
    const customer = await stripe.customers.create({ email: `cur-${target.runId}@example.com` });
    const error = await errorOf(stripe.subscriptions.create({ customer: customer.id, items: [{ price: weekly.id }], currency: 'jpy', payment_behavior: 'default_incomplete' }));
    expect(error).toMatchObject({ statusCode: 400, param: 'currency' });
  });
});

describe('webhooks', () => {
  it('delivers signed events that the SDK verifies, retries a failed delivery with back-off, and a forged signature is refused', async () => {
    if (!emulatorOnly(target, 'real Stripe cannot reach a listener on this machine')) return;
    const { createServer } = await import('node:http');
    const received: { body: string; signature: string; at: number }[] = [];
    let refuseFirst = true;
    const listener = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (refuseFirst) {
          refuseFirst = false;
          response.writeHead(500).end();
          return;
        }
        received.push({ body, signature: String(request.headers['stripe-signature']), at: Date.now() });
        response.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolveListen) => listener.listen(0, '127.0.0.1', () => resolveListen()));
    try {
      const address = listener.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const endpoint = await stripe.webhookEndpoints.create({ url: `http://127.0.0.1:${port}/hook`, enabled_events: ['*'] });
      expect(endpoint.secret).toMatch(/^whsec_/);
      expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).secret).toBeUndefined();

      const customer = await stripe.customers.create({ email: `hook-${target.runId}@example.com` });
      const [price] = (await stripe.prices.list({ lookup_keys: ['w-full'] })).data;
      const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price?.id ?? '' }], payment_behavior: 'default_incomplete', expand: ['latest_invoice.payments'] });
      const invoice = subscription.latest_invoice;
      const intentId = typeof invoice === 'object' && invoice !== null ? stripeIdOf(invoice.payments?.data[0]?.payment.payment_intent) : '';
      await errorOf(stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa_chargeDeclined' }));
      await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
      await stripe.refunds.create({ payment_intent: intentId, amount: 100 });
      await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
      await stripe.subscriptions.cancel(subscription.id);

      const wanted: Stripe.Event.Type[] = [
        'customer.subscription.created',
        'customer.subscription.updated',
        'customer.subscription.deleted',
        'invoice.paid',
        'invoice.payment_failed',
        'payment_intent.succeeded',
        'payment_intent.payment_failed',
        'charge.refunded',
      ];
      const types = async () => {
        const events = await Promise.all(received.map((r) => stripe.webhooks.constructEventAsync(r.body, r.signature, endpoint.secret ?? '')));
        return new Set(events.filter((event) => JSON.stringify(event.data.object).includes(customer.id)).map((event) => event.type));
      };
      await expect
        .poll(
          async () => {
            const seen = await types();
            return wanted.filter((type) => !seen.has(type));
          },
          { timeout: 15_000, interval: 200 },
        )
        .toEqual([]);

      const first = received[0];
      if (first === undefined) throw new Error('nothing delivered');
      const event = await stripe.webhooks.constructEventAsync(first.body, first.signature, endpoint.secret ?? '');
      expect(event.api_version).toBe('2026-10-28.endive');
      expect((await stripe.events.retrieve(event.id)).id).toBe(event.id);
      await expect(stripe.webhooks.constructEventAsync(first.body, first.signature.replace(/v1=(.)/, (_all, digit: string) => `v1=${digit === '0' ? '1' : '0'}`), endpoint.secret ?? '')).rejects.toThrow(/signature/i);
      await expect(stripe.webhooks.constructEventAsync(first.body.replace('"livemode": false', '"livemode": true'), first.signature, endpoint.secret ?? '')).rejects.toThrow();

      const server = target.server;
      if (server === undefined) throw new Error('emulatorOnly: the emulator is running');
      // The first delivery was refused once, then retried after the back-off (about a second).
      await expect
        .poll(
          async () =>
            (await server.db.query(`select status, attempts from stripe.webhook_deliveries where endpoint_id = $1 and attempts > 1`, [endpoint.id])).rows,
          { timeout: 10_000, interval: 200 },
        )
        .toEqual([{ status: 'delivered', attempts: 2 }]);
      const owed = await server.db.query(`select 1 from stripe.webhook_deliveries where endpoint_id = $1 and status <> 'delivered'`, [endpoint.id]);
      expect(owed.rows).toEqual([]);
      await stripe.webhookEndpoints.del(endpoint.id);
    } finally {
      listener.close();
    }
  });
});

describe('time: test clocks and subscription schedules', () => {
  const start = Math.floor(Date.UTC(2030, 0, 6, 12) / 1000);

  async function advance(clockId: string, to: number): Promise<void> {
    await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: to });
    await expect.poll(async () => (await stripe.testHelpers.testClocks.retrieve(clockId)).status, { timeout: target.isEmulator ? 2000 : 120_000, interval: 1000 }).toBe('ready');
  }

  async function paidSubscription(price: Stripe.Price, clockName: string) {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start, name: clockName });
    const customer = await stripe.customers.create({ email: `clock-${target.runId}@example.com`, test_clock: clock.id });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.payments'],
    });
    const invoice = subscription.latest_invoice;
    const intentId = typeof invoice === 'object' && invoice !== null ? stripeIdOf(invoice.payments?.data[0]?.payment.payment_intent) : '';
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa', return_url: 'https://example.com/done' });
    expect(subscription.test_clock).toBe(clock.id);
    expect(subscription.start_date).toBe(start);
    return { clock, customer, subscription };
  }

  it('renews into the full price when the intro phase of the schedule ends', async () => {
    const product = await stripe.products.create({ name: `Clock ${target.runId}` });
    const intro = await stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: 299, recurring: { interval: 'week' } });
    const full = await stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: 999, recurring: { interval: 'week' } });
    const { clock, subscription } = await paidSubscription(intro, 'intro then full');
    const created = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    expect(created).toMatchObject({ status: 'active', end_behavior: 'release', subscription: subscription.id });
    const firstPhase = created.phases[0];
    expect(firstPhase?.items[0]?.price).toBe(intro.id);
    const refused = await errorOf(stripe.subscriptionSchedules.create({ from_subscription: subscription.id, end_behavior: 'cancel' }));
    expect(refused.statusCode).toBe(400);

    const scheduled = await stripe.subscriptionSchedules.update(created.id, {
      phases: [
        { items: [{ price: intro.id }], start_date: firstPhase?.start_date, end_date: firstPhase?.end_date },
        { items: [{ price: full.id }], duration: { interval: 'week', interval_count: 1 } },
      ],
      end_behavior: 'release',
      proration_behavior: 'none',
    });
    expect(scheduled.phases.map((p) => [p.items[0]?.price, p.end_date - p.start_date])).toEqual([
      [intro.id, 7 * 86400],
      [full.id, 7 * 86400],
    ]);
    expect((await stripe.subscriptions.retrieve(subscription.id)).schedule).toBe(created.id);
    // The schedule owns how the subscription ends: setting it on the subscription is refused.
    const managed = await errorOf(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }));
    expect([managed.statusCode, managed.message]).toEqual([400, expect.stringMatching(/managed by the subscription schedule/)]);
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);

    await advance(clock.id, start + 7 * 86400 + 2 * 3600);
    const renewed = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]?.price.id).toBe(full.id);
    expect(renewed.items.data[0]?.current_period_start).toBe(start + 7 * 86400);
    const invoice = renewed.latest_invoice;
    expect(typeof invoice === 'object' && invoice !== null && [invoice.billing_reason, invoice.status, invoice.amount_paid]).toEqual(['subscription_cycle', 'paid', 999]);
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data.map((i) => i.amount_due)).toEqual([999, 299]);
  });

  it('marks the subscription past_due when a renewal charge fails (card 0341)', async () => {
    const product = await stripe.products.create({ name: `Failing ${target.runId}` });
    const price = await stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: 999, recurring: { interval: 'week' } });
    const { clock, customer, subscription } = await paidSubscription(price, 'failing renewal');
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: failing.id });
    await advance(clock.id, start + 7 * 86400 + 2 * 3600);
    const pastDue = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    const invoice = pastDue.latest_invoice;
    expect(typeof invoice === 'object' && invoice !== null && [invoice.billing_reason, invoice.status, invoice.attempted]).toEqual(['subscription_cycle', 'open', true]);
    if (!emulatorOnly(target, 'events of real Stripe are read in the webhook test, not here')) return;
    const failed = await stripe.events.list({ type: 'invoice.payment_failed', limit: 5 });
    expect(failed.data.some((event) => JSON.stringify(event.data.object).includes(subscription.id))).toBe(true);
  });

  it('stamps a clocked customer\'s payment with clock time: the invoice\'s paid_at and the charge', async () => {
    const product = await stripe.products.create({ name: `Paid on clock ${target.runId}` });
    const price = await stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: 999, recurring: { interval: 'year' } });
    const { subscription } = await paidSubscription(price, 'paid on clock');
    const invoice = (await stripe.invoices.list({ subscription: subscription.id, status: 'paid', expand: ['data.payments'] })).data[0];
    expect(invoice?.status_transitions.paid_at).toBe(start);
    const intent = await stripe.paymentIntents.retrieve(stripeIdOf(invoice?.payments?.data[0]?.payment.payment_intent), { expand: ['latest_charge'] });
    expect(typeof intent.latest_charge === 'object' && intent.latest_charge?.created).toBe(start);
  });

  it('lets a released subscription be canceled at period end', async () => {
    const product = await stripe.products.create({ name: `Released ${target.runId}` });
    const price = await stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: 999, recurring: { interval: 'week' } });
    const { subscription } = await paidSubscription(price, 'released then canceled');
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    const released = await stripe.subscriptionSchedules.release(schedule.id);
    expect([released.status, released.released_subscription]).toEqual(['released', subscription.id]);
    expect(await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })).toMatchObject({ schedule: null, cancel_at_period_end: true, status: 'active' });
  });

  it('ends a subscription cancelled at period end when the clock passes it', async () => {
    const product = await stripe.products.create({ name: `Ending ${target.runId}` });
    const price = await stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: 999, recurring: { interval: 'week' } });
    const { clock, subscription } = await paidSubscription(price, 'ending');
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await advance(clock.id, start + 7 * 86400 + 60);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
  });
});

describe('/_dev/stripe', () => {
  it('lists customers, subscriptions, payments and webhook deliveries', async () => {
    if (!emulatorOnly(target, 'the dev page belongs to the local stack')) return;
    const server = target.server;
    if (server === undefined) throw new Error('emulatorOnly: the emulator is running');
    const customer = await stripe.customers.create({ email: `devpage-${target.runId}@example.com` });
    const [price] = (await stripe.prices.list({ lookup_keys: ['y-intro'] })).data;
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price?.id ?? '' }], payment_behavior: 'default_incomplete' });
    const page = await fetch(`${server.url}/_dev/stripe`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(`devpage-${target.runId}@example.com`);
    expect(text).toContain(subscription.id);
    expect(text).toContain('y-intro');
    expect(text).toContain('39.99 EUR');
    expect(text).toContain('customer.subscription.created');
  });
});
