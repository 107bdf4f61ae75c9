import { FunctionsHttpError, createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../supabase/functions/_shared/stripe-client';
import { LOCAL_WEBHOOK_ENDPOINT_ID, registerLocalWebhookEndpoint } from '../../server/stripe/register-local-webhook-endpoint';
import { captureFunctionLog } from './support/function-log';
import { mailsTo } from './support/customer-mails';
import { signedUpUsers } from './support/signed-up-users';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';
import { payLatestInvoice } from '../support/pay-latest-invoice';
import { fxRateCurrencies } from '../../server/stripe/catalogue/seed-stripe-catalogue';
import { loadStripeCatalogue } from '../../server/stripe/catalogue/stripe-catalogue';
import { syncStripeCatalogue } from '../../server/stripe/catalogue/sync-stripe-catalogue';

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
  let yearlyIntroPrice: Stripe.Price;

  const user = signedUpUsers(() => server);

  const subscribe = (client: SupabaseClient, price: Stripe.Price, extra: Record<string, unknown> = {}) =>
    call(client, 'create-stripe-subscription', { priceId: price.id, currency: 'eur', email: 'ignored@example.com', ...extra });

  async function customersOf(userId: string): Promise<Stripe.Customer[]> {
    // The list is exact (search lags on real Stripe): every customer, filtered by the metadata we set.
    const customers: Stripe.Customer[] = [];
    for await (const customer of stripe.customers.list({ limit: 100 })) if (customer.metadata.user_id === userId) customers.push(customer);
    return customers;
  }

  /** The PaymentIntent of the subscription's first invoice. */
  async function firstPaymentIntent(subscriptionId: string): Promise<string> {
    const [invoice] = (await stripe.invoices.list({ subscription: subscriptionId, expand: ['data.payments'] })).data;
    const intent = invoice?.payments?.data[0]?.payment.payment_intent;
    if (intent === undefined) throw new Error(`${subscriptionId} has no PaymentIntent`);
    return typeof intent === 'string' ? intent : intent.id;
  }

  async function pay(subscriptionId: string): Promise<void> {
    expect((await payLatestInvoice(stripe, subscriptionId)).status).toBe('succeeded');
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
    const prices = await stripe.prices.list({ lookup_keys: ['w-intro', 'w-full', 'y-intro'], active: true, expand: ['data.currency_options'] });
    const byKey = new Map(prices.data.map((price) => [price.lookup_key, price]));
    const intro = byKey.get('w-intro');
    const full = byKey.get('w-full');
    const yearlyIntro = byKey.get('y-intro');
    if (intro === undefined || full === undefined || yearlyIntro === undefined) throw new Error('the seeded catalogue has no w-intro / w-full / y-intro prices');
    yearlyIntroPrice = yearlyIntro;
    introPrice = intro;
    fullPrice = full;
  });
  afterAll(() => server.close());

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

  it('creates one customer and one subscription for concurrent submits of one user', async () => {
    const { client, id } = await user('concurrent@example.com');
    const answers = await Promise.all(Array.from({ length: 4 }, () => subscribe(client, introPrice)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((answer) => (answer.body as CreatedSubscription).data.subscriptionId));
    expect(ids.size).toBe(1);

    const customers = await customersOf(id);
    expect(customers).toHaveLength(1);
    expect(customers[0]?.email).toBe('concurrent@example.com'); // the account's e-mail, not the body's
    const subscriptions = await stripe.subscriptions.list({ customer: customers[0]?.id ?? '', status: 'all' });
    expect(subscriptions.data).toHaveLength(1);
    expect(subscriptions.data[0]).toMatchObject({ status: 'incomplete', currency: 'eur', metadata: { user_id: id } });
  });

  it('answers a double submit with the same incomplete subscription, and refuses a second purchase once paid', async () => {
    const { client, id } = await user('double@example.com');
    const first = await subscribe(client, introPrice);
    expect(first.status).toBe(200);
    const created = (first.body as CreatedSubscription).data;
    expect(created.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(created.invoiceCurrency).toBe('eur');
    expect(created.invoiceSubtotal).toBe(introPrice.currency_options?.eur?.unit_amount ?? introPrice.unit_amount);
    // The local stack offers cards and PayPal (STRIPE_PAYMENT_METHOD_TYPES default), as the payment page orders them.
    const intent = await stripe.paymentIntents.retrieve(created.clientSecret?.split('_secret_')[0] ?? '');
    expect(intent.payment_method_types).toEqual(['card', 'paypal']);

    const second = await subscribe(client, introPrice);
    expect(second.body).toEqual(first.body);
    const [customer] = await customersOf(id);
    expect((await stripe.subscriptions.list({ customer: customer?.id ?? '', status: 'all' })).data).toHaveLength(1);

    await pay(created.subscriptionId);
    const again = await subscribe(client, introPrice);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'already_subscribed' });
    const otherPlan = await subscribe(client, fullPrice);
    expect(otherPlan.status).toBe(409);
    expect((await stripe.subscriptions.list({ customer: customer?.id ?? '', status: 'all' })).data).toHaveLength(1);
  });

  /** The customer's subscriptions that can still be paid or are paid (the rest are canceled). */
  async function payableOrPaid(userId: string): Promise<Stripe.Subscription[]> {
    const [customer] = await customersOf(userId);
    if (customer === undefined) return [];
    const all = await stripe.subscriptions.list({ customer: customer.id, status: 'all', limit: 100 });
    return all.data.filter((subscription) => subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired');
  }

  /** Whether paying the subscription's invoice goes through; a canceled checkout's PaymentIntent refuses. */
  async function payGoesThrough(subscriptionId: string): Promise<boolean> {
    try {
      return (await payLatestInvoice(stripe, subscriptionId)).status === 'succeeded';
    } catch {
      return false;
    }
  }

  it('a checkout on another plan or currency replaces the open one, which can no longer be paid', async () => {
    const { client, id } = await user('replace@example.com');
    const weekly = await subscribe(client, introPrice);
    const yearly = await subscribe(client, yearlyIntroPrice);
    const dollars = await subscribe(client, introPrice, { currency: 'usd' });
    expect([weekly.status, yearly.status, dollars.status]).toEqual([200, 200, 200]);
    const ids = [weekly, yearly, dollars].map((answer) => (answer.body as CreatedSubscription).data.subscriptionId);
    expect(new Set(ids).size).toBe(3);

    expect((await payableOrPaid(id)).map((subscription) => subscription.id)).toEqual([ids[2]]);
    expect(await payGoesThrough(ids[0] ?? '')).toBe(false);
    expect(await payGoesThrough(ids[1] ?? '')).toBe(false);
    expect(await payGoesThrough(ids[2] ?? '')).toBe(true);
    // A replaced checkout that was never paid is just unpaid: nothing was refunded.
    expect(await call(client, 'mark-stripe-subscription-purchased', { subscriptionId: ids[0] })).toMatchObject({ status: 409, body: { error: 'subscription_not_active' } });
    expect(await subscribe(client, yearlyIntroPrice)).toMatchObject({ status: 409, body: { error: 'already_subscribed' } });
    // Going back to an earlier plan after a replacement makes a new checkout, not the canceled one.
    const { client: again, id: againId } = await user('replace-back@example.com');
    const first = ((await subscribe(again, introPrice)).body as CreatedSubscription).data.subscriptionId;
    await subscribe(again, yearlyIntroPrice);
    const back = ((await subscribe(again, introPrice)).body as CreatedSubscription).data.subscriptionId;
    expect(back).not.toBe(first);
    expect((await payableOrPaid(againId)).map((subscription) => subscription.id)).toEqual([back]);
  });

  it('two tabs starting checkouts on different plans at once leave one payable subscription', async () => {
    const { client, id } = await user('two-tabs@example.com');
    const answers = await Promise.all([
      subscribe(client, introPrice),
      subscribe(client, yearlyIntroPrice),
      subscribe(client, introPrice, { currency: 'usd' }),
      subscribe(client, yearlyIntroPrice, { currency: 'usd' }),
    ]);
    // A request that kept losing the race says so; every other answer handed out a client secret.
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const handedOut = answers.filter((answer) => answer.status === 200).map((answer) => (answer.body as CreatedSubscription).data.subscriptionId);
    expect(handedOut.length).toBeGreaterThan(0);
    expect(await payableOrPaid(id)).toHaveLength(1);
    const paid = [];
    for (const subscriptionId of new Set(handedOut)) if (await payGoesThrough(subscriptionId)) paid.push(subscriptionId);
    expect(paid).toHaveLength(1);
    const open = await server.db.query<{ subscription_id: string }>(
      'select subscription_id from public.stripe_checkouts c where user_id = $1 and not exists (select 1 from public.stripe_checkouts n where n.replaces = c.subscription_id)',
      [id],
    );
    expect(open.rows).toEqual([{ subscription_id: paid[0] }]);
  });

  it('refunds and reports a checkout paid after another replaced it (a tab opened earlier), and RevenueCat keeps the one the user kept', async () => {
    const { client, id } = await user('second-payment@example.com');
    const earlier = ((await subscribe(client, introPrice)).body as CreatedSubscription).data.subscriptionId;
    // The moment the replacing checkout is recorded and before it cancels the earlier one: the earlier
    // tab's payment gets through in that gap.
    const [customer] = await customersOf(id);
    const replacing = await stripe.subscriptions.create({ customer: customer?.id ?? '', items: [{ price: yearlyIntroPrice.id }], currency: 'eur', payment_behavior: 'default_incomplete', metadata: { user_id: id } });
    await server.db.query('insert into public.stripe_checkouts (subscription_id, user_id, replaces, replaced_unpaid) values ($1, $2, $3, true)', [replacing.id, id, earlier]);

    const earlierIntent = await firstPaymentIntent(earlier);
    const logged = captureFunctionLog(server);
    try {
      await pay(earlier);
      const refunded = await eventually(() => stripe.refunds.list({ payment_intent: earlierIntent }), (list) => list.data.length > 0);
      expect(refunded.data).toMatchObject([{ status: 'succeeded', reason: 'duplicate', metadata: { user_id: id, subscription_id: earlier } }]);
      expect((await stripe.subscriptions.retrieve(earlier)).status).toBe('canceled');
      await eventually(async () => logged.text(), (text) => text.includes(`user ${id} paid ${earlier}`));
      expect(logged.text()).toContain(`Second web subscription payment refunded: user ${id} paid ${earlier} after another checkout replaced it`);
    } finally {
      logged.restore();
    }
    // Everything about it delivered, RevenueCat never heard of it; the replacing checkout is the purchase.
    await eventually(
      async () => (await server.db.query<{ n: number }>("select count(*)::int as n from stripe.webhook_deliveries where status = 'pending'")).rows[0]?.n,
      (pending) => pending === 0,
    );
    expect((await subscriber(id)).subscriber.subscriptions).toEqual({});
    // The completion page arriving after the webhook ended it hears that it was refunded, not that it is
    // unpaid (which the page takes for a purchase it cannot check and confirms): nothing is recorded.
    for (const name of ['mark-stripe-subscription-purchased', 'record-revenuecat-receipt', 'create-stripe-subscription-schedule']) {
      expect(await call(client, name, { subscriptionId: earlier })).toMatchObject({ status: 409, body: { error: 'second_payment_refunded' } });
    }
    expect((await server.db.query('select 1 from public.stripe_purchases where subscription_id = $1', [earlier])).rows).toEqual([]);
    expect((await stripe.refunds.list({ payment_intent: earlierIntent })).data).toHaveLength(1);
    expect(await payGoesThrough(replacing.id)).toBe(true);
    const body = await eventually(() => subscriber(id), (value) => Object.keys(value.subscriber.subscriptions).length > 0);
    expect(Object.values(body.subscriber.subscriptions)).toMatchObject([{ store_transaction_id: replacing.id, refunded_at: null }]);
  });

  it('coupons: only the catalogue\'s, only with the prices they name', async () => {
    const catalogue = loadStripeCatalogue(await fxRateCurrencies(server.db));
    await syncStripeCatalogue(stripe, {
      ...catalogue,
      coupons: { 'yearly-welcome-test': { name: 'Welcome', percent_off: 25, duration: 'once', prices: ['y-intro'] } },
    });
    // On the account, but not in the catalogue: a support agent's free-forever coupon.
    await stripe.coupons.create({ id: 'free-forever-test', percent_off: 100, duration: 'forever' });
    const { client, id } = await user('coupon@example.com');

    expect(await subscribe(client, yearlyIntroPrice, { couponId: 'free-forever-test' })).toMatchObject({ status: 400, body: { error: 'invalid_coupon' } });
    expect(await subscribe(client, yearlyIntroPrice, { couponId: 'no-such-coupon' })).toMatchObject({ status: 400, body: { error: 'invalid_coupon' } });
    expect(await subscribe(client, introPrice, { couponId: 'yearly-welcome-test' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_coupon', message: 'Coupon yearly-welcome-test cannot be used with this plan' },
    });
    expect(await payableOrPaid(id)).toEqual([]);

    const answer = await subscribe(client, yearlyIntroPrice, { couponId: 'yearly-welcome-test' });
    expect(answer.status).toBe(200);
    const created = (answer.body as CreatedSubscription).data;
    const [invoice] = (await stripe.invoices.list({ subscription: created.subscriptionId })).data;
    const full = yearlyIntroPrice.currency_options?.eur?.unit_amount ?? yearlyIntroPrice.unit_amount ?? 0;
    expect(invoice?.amount_due).toBe(Math.round(full * 0.75));
  });

  it('refuses bad input with the reason', async () => {
    const { client } = await user('input@example.com');
    expect(await subscribe(client, introPrice, { priceId: 'price_doesnotexist' })).toMatchObject({ status: 400, body: { error: 'invalid_price' } });
    expect(await subscribe(client, introPrice, { currency: 'euro' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await subscribe(client, introPrice, { currency: 'xxx' })).toMatchObject({ status: 400, body: { error: 'unsupported_currency' } });
  });

  it('turns a paid intro subscription into intro-then-full phases, for its owner only', async () => {
    const owner = await user('schedule@example.com');
    const other = await user('someone-else@example.com');
    expect((await subscribe(other.client, introPrice)).status).toBe(200);
    const { subscriptionId } = ((await subscribe(owner.client, introPrice)).body as CreatedSubscription).data;

    expect(await call(owner.client, 'create-stripe-subscription-schedule', { subscriptionId })).toMatchObject({ status: 409, body: { error: 'subscription_not_active' } });
    await pay(subscriptionId);

    // Another signed-in user cannot touch it, and learns nothing beyond "not found".
    const refused = await call(other.client, 'create-stripe-subscription-schedule', { subscriptionId });
    expect(refused).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).schedule).toBeNull();
    expect(await call(other.client, 'create-stripe-subscription-schedule', { subscriptionId: 'sub_doesnotexist' })).toMatchObject({ status: 404 });

    const answer = await call(owner.client, 'create-stripe-subscription-schedule', { subscriptionId, appId: null });
    expect(answer.status).toBe(200);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    const scheduleId = typeof subscription.schedule === 'string' ? subscription.schedule : subscription.schedule?.id;
    expect(scheduleId).toMatch(/^sub_sched_/);
    const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId ?? '');
    expect(schedule.end_behavior).toBe('release');
    expect(schedule.phases).toHaveLength(2);
    const [intro, full] = schedule.phases;
    const priceOf = (phase: Stripe.SubscriptionSchedule.Phase | undefined) => {
      const price = phase?.items[0]?.price;
      return typeof price === 'string' ? price : price?.id;
    };
    expect(priceOf(intro)).toBe(introPrice.id);
    expect(intro?.end_date).toBe(item?.current_period_end);
    expect(priceOf(full)).toBe(fullPrice.id);
    expect(full?.start_date).toBe(item?.current_period_end);
    expect(full?.currency).toBe('eur');
    expect(answer.body).toMatchObject({ data: { scheduleId, subscriptionId, phases: [{ priceId: introPrice.id }, { priceId: fullPrice.id }] } });

    // Repeating the call (a retried request) changes nothing.
    expect((await call(owner.client, 'create-stripe-subscription-schedule', { subscriptionId })).body).toEqual(answer.body);
    expect((await stripe.subscriptionSchedules.list({ customer: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id })).data).toHaveLength(1);
  });

  it('puts no full-price phase on a paid intro subscription that is set to end (canceled right after paying)', async () => {
    const owner = await user('canceled-at-once@example.com');
    const { subscriptionId } = ((await subscribe(owner.client, introPrice)).body as CreatedSubscription).data;
    await pay(subscriptionId);
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(await call(owner.client, 'create-stripe-subscription-schedule', { subscriptionId })).toMatchObject({ status: 409, body: { error: 'subscription_ending' } });
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ schedule: null, cancel_at_period_end: true });
  });

  it('record-checkout-consent: required by the country\'s rules before Pay, recorded once for the caller\'s own subscription', async () => {
    const owner = await user('consent@example.com');
    const other = await user('consent-other@example.com');
    const { subscriptionId } = ((await subscribe(owner.client, introPrice)).body as CreatedSubscription).data;
    const consent = (client: SupabaseClient, fields: Record<string, unknown>) =>
      call(client, 'record-checkout-consent', { subscriptionId, consent: true, language: 'de', country: 'DE', wordingVersion: 1, ...fields });
    const rows = async () =>
      (await server.db.query('select user_id, given, wording_version, language, country, consented_at from public.checkout_consents where subscription_id = $1', [subscriptionId])).rows;

    // Germany (and an unknown country: the EU default) requires the box: nothing is recorded without it.
    expect(await consent(owner.client, { consent: false })).toMatchObject({ status: 400, body: { error: 'consent_required' } });
    expect(await consent(owner.client, { consent: false, country: null })).toMatchObject({ status: 400, body: { error: 'consent_required' } });
    // Another user's subscription and an unknown id answer alike; a page from before the wording changed is refused.
    expect(await consent(other.client, {})).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await consent(owner.client, { subscriptionId: 'sub_doesnotexist' })).toMatchObject({ status: 404 });
    expect(await consent(owner.client, { wordingVersion: 2 })).toMatchObject({ status: 409, body: { error: 'stale_wording' } });
    expect(await rows()).toEqual([]);

    expect(await consent(owner.client, {})).toEqual({ status: 200, body: { data: { recorded: true, required: true } } });
    const [first] = await rows();
    expect(first).toMatchObject({ user_id: owner.id, given: true, wording_version: 1, language: 'de', country: 'DE' });
    // A retried Pay keeps the first record: when, in which words and language the visitor agreed.
    expect(await consent(owner.client, { language: 'en' })).toEqual({ status: 200, body: { data: { recorded: false, required: true } } });
    expect(await rows()).toEqual([first]);
    // The user reads their own record and cannot write one.
    expect((await owner.client.from('checkout_consents').select('subscription_id')).data).toEqual([{ subscription_id: subscriptionId }]);
    expect((await other.client.from('checkout_consents').select('subscription_id')).data).toEqual([]);
    expect((await other.client.from('checkout_consents').insert({ subscription_id: 'sub_forged', user_id: other.id, given: true, wording_version: 1, language: 'en' })).error).not.toBeNull();

    // The United States asks for no consent: the payment goes ahead, recorded as not given.
    const american = await user('consent-us@example.com');
    const created = ((await subscribe(american.client, introPrice)).body as CreatedSubscription).data;
    expect(await call(american.client, 'record-checkout-consent', { subscriptionId: created.subscriptionId, consent: false, language: 'en', country: 'us', wordingVersion: 1 })).toEqual({
      status: 200,
      body: { data: { recorded: true, required: false } },
    });
    expect((await server.db.query('select given, country from public.checkout_consents where subscription_id = $1', [created.subscriptionId])).rows).toEqual([{ given: false, country: 'US' }]);
  });

  it('get-stripe-payment-method-type: the type of the caller\'s own payment method only', async () => {
    const owner = await user('method@example.com');
    const other = await user('method-other@example.com');
    // The other user has a customer of their own, so both ways of deciding ownership are exercised.
    expect((await subscribe(other.client, introPrice)).status).toBe(200);
    const { subscriptionId } = ((await subscribe(owner.client, introPrice)).body as CreatedSubscription).data;
    await pay(subscriptionId);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const paymentMethodId = typeof subscription.default_payment_method === 'string' ? subscription.default_payment_method : subscription.default_payment_method?.id;
    expect(paymentMethodId).toMatch(/^pm_/);

    expect(await call(owner.client, 'get-stripe-payment-method-type', { paymentMethodId })).toEqual({ status: 200, body: { data: { type: 'card' } } });
    expect(await call(other.client, 'get-stripe-payment-method-type', { paymentMethodId })).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await call(owner.client, 'get-stripe-payment-method-type', { paymentMethodId: 'pm_doesnotexist' })).toMatchObject({ status: 404 });
  });

  it('RevenueCat\'s Stripe receipt: fetched from Stripe, refused unpaid, recorded once when posted twice', async () => {
    const { client, id } = await user('revenuecat@example.com');
    const { subscriptionId } = ((await subscribe(client, introPrice)).body as CreatedSubscription).data;
    const receipt = () =>
      fetch(`${server.url}/revenuecat/v1/receipts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.config.revenueCatSecretKey}`, 'Content-Type': 'application/json', 'X-Platform': 'stripe' },
        body: JSON.stringify({ app_user_id: id, fetch_token: subscriptionId }),
      });
    // Unpaid: no purchase to record.
    expect((await receipt()).status).toBe(400);
    expect((await receipt()).status).toBe(400);
    expect((await subscriber(id)).subscriber.subscriptions).toEqual({});

    await pay(subscriptionId);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    const productId = typeof introPrice.product === 'string' ? introPrice.product : introPrice.product.id;
    const iso = (unix: number | undefined) => new Date((unix ?? 0) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    for (let posted = 0; posted < 2; posted += 1) expect((await receipt()).status).toBe(200);
    const body = await subscriber(id);
    expect(Object.keys(body.subscriber.subscriptions)).toEqual([productId]);
    expect(body.subscriber.subscriptions[productId]).toMatchObject({
      store: 'stripe',
      store_transaction_id: subscriptionId,
      purchase_date: iso(item?.current_period_start),
      expires_date: iso(item?.current_period_end),
      unsubscribe_detected_at: null,
      refunded_at: null,
    });
    expect(body.subscriber.entitlements.premium).toMatchObject({ product_identifier: productId, expires_date: iso(item?.current_period_end) });
  });

  it('RevenueCat follows Stripe: cancellation and refund arrive by webhook', async () => {
    const { client, id } = await user('revenuecat-events@example.com');
    const { subscriptionId } = ((await subscribe(client, introPrice)).body as CreatedSubscription).data;
    await pay(subscriptionId);
    const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0];
    const productId = typeof introPrice.product === 'string' ? introPrice.product : introPrice.product.id;
    const iso = (unix: number | undefined) => new Date((unix ?? 0) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    let body = await eventually(() => subscriber(id), (value) => value.subscriber.subscriptions[productId] !== undefined);

    // The webhook puts the intro subscription on its schedule, which owns how it ends (Stripe refuses
    // cancel_at_period_end on it): release it first, as the help centre does.
    const scheduled = await eventually(async () => (await stripe.subscriptions.retrieve(subscriptionId)).schedule, (schedule) => schedule !== null);
    if (scheduled !== null) await stripe.subscriptionSchedules.release(typeof scheduled === 'string' ? scheduled : scheduled.id);
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    body = await eventually(() => subscriber(id), (value) => value.subscriber.subscriptions[productId]?.unsubscribe_detected_at !== null);
    expect(body.subscriber.subscriptions[productId]?.unsubscribe_detected_at).toMatch(/^\d{4}-/);
    expect(body.subscriber.subscriptions[productId]?.expires_date).toBe(iso(item?.current_period_end));

    // Every earlier event delivered first: the refund must reach RevenueCat through its own event.
    await eventually(
      async () => (await server.db.query<{ n: number }>("select count(*)::int as n from stripe.webhook_deliveries where status = 'pending'")).rows[0]?.n,
      (pending) => pending === 0,
    );
    const before = await subscriber(id);
    expect(before.subscriber.subscriptions[productId]?.refunded_at).toBeNull();
    const invoice = await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', expand: ['data.payments'] });
    const paymentIntent = invoice.data[0]?.payments?.data[0]?.payment.payment_intent;
    await stripe.refunds.create({ payment_intent: typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id ?? '', reason: 'requested_by_customer' });
    body = await eventually(() => subscriber(id), (value) => value.subscriber.subscriptions[productId]?.refunded_at !== null);
    expect(body.subscriber.subscriptions[productId]?.refunded_at).toMatch(/^\d{4}-/);
    expect(Date.parse(body.subscriber.entitlements.premium?.expires_date ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('records a paid subscription by webhook alone (tab closed after paying): receipt, note and schedule, once with the page', async () => {
    const { client, id } = await user('webhook-only@example.com');
    const { subscriptionId } = ((await subscribe(client, introPrice)).body as CreatedSubscription).data;
    await pay(subscriptionId);
    const body = await eventually(() => subscriber(id), (value) => Object.keys(value.subscriber.subscriptions).length > 0);
    expect(Object.values(body.subscriber.subscriptions)).toMatchObject([{ store: 'stripe', store_transaction_id: subscriptionId }]);
    // invoice.paid of the first invoice also notes the receipt and schedules intro -> full.
    const scheduled = await eventually(
      async () => (await stripe.subscriptions.retrieve(subscriptionId)).schedule,
      (schedule) => schedule !== null,
    );
    const scheduleId = typeof scheduled === 'string' ? scheduled : scheduled?.id;
    const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId ?? '');
    expect(schedule.phases.map((phase) => (typeof phase.items[0]?.price === 'string' ? phase.items[0].price : phase.items[0]?.price.id))).toEqual([introPrice.id, fullPrice.id]);
    const noted = await eventually(
      async () => (await server.db.query<{ user_id: string }>('select user_id from public.revenuecat_receipts where subscription_id = $1', [subscriptionId])).rows,
      (rows) => rows.length > 0,
    );
    expect(noted).toEqual([{ user_id: id }]);

    // The completion page arriving late records nothing twice: no second receipt, the same schedule.
    expect(await call(client, 'record-revenuecat-receipt', { subscriptionId })).toEqual({ status: 200, body: { data: { subscriptionId, alreadyRecorded: true } } });
    expect(await call(client, 'create-stripe-subscription-schedule', { subscriptionId })).toMatchObject({ status: 200, body: { data: { scheduleId } } });
    const customer = (await stripe.subscriptions.retrieve(subscriptionId)).customer;
    expect((await stripe.subscriptionSchedules.list({ customer: typeof customer === 'string' ? customer : customer.id })).data).toHaveLength(1);

    // The receipt: one e-mail for the invoice, with the amount paid and the day, however often the event comes.
    const [invoice] = (await stripe.invoices.list({ subscription: subscriptionId, status: 'paid' })).data;
    if (invoice === undefined) throw new Error('no paid invoice');
    const receipts = await eventually(() => mailsTo(server.url, 'webhook-only@example.com'), (mails) => mails.length > 0);
    expect(receipts.map((mail) => mail.subject)).toEqual(['Your receipt']);
    const paidOn = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date((invoice.status_transitions.paid_at ?? 0) * 1000));
    expect(receipts[0]?.text).toContain(`Thank you for your payment of €${(invoice.amount_paid / 100).toFixed(2)} on ${paidOn}.`);
    const events = await stripe.events.list({ type: 'invoice.paid', limit: 100 });
    const paidEvent = events.data.find((event) => event.type === 'invoice.paid' && event.data.object.id === invoice.id);
    if (paidEvent === undefined) throw new Error('no invoice.paid event');
    // Handled, but its answer lost before the ledger noted it: Stripe delivers it again, and it is handled again.
    await server.db.query('delete from public.stripe_webhook_events where id = $1', [paidEvent.id]);
    const payload = JSON.stringify(paidEvent);
    const redelivered = await fetch(`${server.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: server.config.stripeWebhookSecret }) },
      body: payload,
    });
    expect(await redelivered.json()).toEqual({ received: true });
    expect(await mailsTo(server.url, 'webhook-only@example.com')).toHaveLength(1);
  });

  it('sends a receipt whose first send failed when Stripe delivers the event again', async () => {
    const { client, id } = await user('receipt-retried@example.com');
    const { subscriptionId } = ((await subscribe(client, introPrice)).body as CreatedSubscription).data;
    // The mailbox refuses to store anything: the mail service answers 500.
    await server.db.query(`create function local_stack.refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'mailbox down'; end $$`);
    await server.db.query('create trigger refuse_mail before insert on local_stack.mail_messages for each row execute function local_stack.refuse_mail()');
    const failedSince = new Date();
    try {
      await pay(subscriptionId);
      const failed = await eventually(
        async () => (await server.db.query<{ n: number }>('select count(*)::int as n from stripe.webhook_deliveries where last_status = 500 and created_at >= $1', [failedSince])).rows[0]?.n ?? 0,
        (n) => n > 0,
      );
      expect(failed).toBeGreaterThan(0);
      // The failed send gives its key back (a second event of the invoice may hold it for a moment).
      const claimed = await eventually(async () => (await server.db.query('select key from public.customer_emails where user_id = $1', [id])).rows, (rows) => rows.length === 0);
      expect(claimed).toEqual([]);
    } finally {
      await server.db.query('drop trigger refuse_mail on local_stack.mail_messages');
      await server.db.query('drop function local_stack.refuse_mail()');
    }
    // Stripe's retry (the emulator's backoff starts at 1 s) sends it, once.
    const mails = await eventually(() => mailsTo(server.url, 'receipt-retried@example.com'), (found) => found.length > 0, 20_000);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your receipt']);
    await eventually(
      async () => (await server.db.query<{ n: number }>("select count(*)::int as n from stripe.webhook_deliveries where status = 'pending'")).rows[0]?.n,
      (n) => n === 0,
      20_000,
    );
    expect(await mailsTo(server.url, 'receipt-retried@example.com')).toHaveLength(1);
  });

  describe('recording a purchase from the completion page (no webhook: the page alone)', () => {
    beforeAll(async () => {
      // Stripe stops delivering to this stack's function, so only the page's calls record anything.
      await stripe.webhookEndpoints.del(LOCAL_WEBHOOK_ENDPOINT_ID);
    });
    afterAll(async () => {
      await registerLocalWebhookEndpoint(server.db, server.config);
    });

    it('mark-stripe-subscription-purchased: the caller\'s paid subscription, and firstMark for exactly one of concurrent calls', async () => {
        const owner = await user('mark@example.com');
      const other = await user('mark-other@example.com');
      const { subscriptionId } = ((await subscribe(owner.client, introPrice)).body as CreatedSubscription).data;
      const mark = (client: SupabaseClient) => call(client, 'mark-stripe-subscription-purchased', { subscriptionId, paymentIntentId: 'pi_page' });

      expect(await mark(owner.client)).toMatchObject({ status: 409, body: { error: 'subscription_not_active' } });
      await pay(subscriptionId);
      expect(await mark(other.client)).toMatchObject({ status: 404, body: { error: 'not_found' } });
      expect(await call(owner.client, 'mark-stripe-subscription-purchased', { subscriptionId: 'sub_doesnotexist' })).toMatchObject({ status: 404 });

      // Two tabs and a reload at once: one of them registers the purchase.
      const answers = await Promise.all([mark(owner.client), mark(owner.client), mark(owner.client)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(answers.map((answer) => (answer.body as { data: { firstMark: boolean } }).data.firstMark).sort()).toEqual([false, false, true]);
      expect((await mark(owner.client)).body).toEqual({ data: { subscriptionId, firstMark: false } });
      const rows = await server.db.query('select user_id, payment_intent_id from public.stripe_purchases where subscription_id = $1', [subscriptionId]);
      expect(rows.rows).toEqual([{ user_id: owner.id, payment_intent_id: 'pi_page' }]);
      // The user reads their own mark and cannot write one.
      expect((await owner.client.from('stripe_purchases').select('subscription_id')).data).toEqual([{ subscription_id: subscriptionId }]);
      expect((await other.client.from('stripe_purchases').select('subscription_id')).data).toEqual([]);
      expect((await other.client.from('stripe_purchases').insert({ subscription_id: 'sub_forged', user_id: other.id })).error).not.toBeNull();
    });

    it('the completion page of a checkout paid after another replaced it records nothing: refunded, 409 second_payment_refunded', async () => {
      const { client, id } = await user('second-payment-page@example.com');
      const earlier = ((await subscribe(client, introPrice)).body as CreatedSubscription).data.subscriptionId;
      const [customer] = await customersOf(id);
      const replacing = await stripe.subscriptions.create({ customer: customer?.id ?? '', items: [{ price: yearlyIntroPrice.id }], currency: 'eur', payment_behavior: 'default_incomplete', metadata: { user_id: id } });
      await server.db.query('insert into public.stripe_checkouts (subscription_id, user_id, replaces, replaced_unpaid) values ($1, $2, $3, true)', [replacing.id, id, earlier]);
      const earlierIntent = await firstPaymentIntent(earlier);
      await pay(earlier);

      const logged = captureFunctionLog(server);
      try {
        expect(await call(client, 'mark-stripe-subscription-purchased', { subscriptionId: earlier })).toMatchObject({ status: 409, body: { error: 'second_payment_refunded' } });
      } finally {
        logged.restore();
      }
      expect(logged.text()).toContain(`Second web subscription payment refunded: user ${id} paid ${earlier}`);
      expect((await stripe.refunds.list({ payment_intent: earlierIntent })).data).toMatchObject([{ status: 'succeeded', reason: 'duplicate' }]);
      expect(await call(client, 'record-revenuecat-receipt', { subscriptionId: earlier })).toMatchObject({ status: 409 });
      expect((await server.db.query('select 1 from public.stripe_purchases where subscription_id = $1', [earlier])).rows).toEqual([]);
      expect((await subscriber(id)).subscriber.subscriptions).toEqual({});
    });

    it('record-revenuecat-receipt: posts the caller\'s paid subscription once; a refused receipt is logged with user and subscription', async () => {
        const owner = await user('receipt@example.com');
      const other = await user('receipt-other@example.com');
      const { subscriptionId } = ((await subscribe(owner.client, introPrice)).body as CreatedSubscription).data;
      const receipt = (client: SupabaseClient) => call(client, 'record-revenuecat-receipt', { subscriptionId });

      expect(await receipt(owner.client)).toMatchObject({ status: 409, body: { error: 'subscription_not_active' } });
      await pay(subscriptionId);
      expect(await receipt(other.client)).toMatchObject({ status: 404, body: { error: 'not_found' } });
      expect((await subscriber(other.id)).subscriber.subscriptions).toEqual({});
      expect((await subscriber(owner.id)).subscriber.subscriptions).toEqual({});

      // RevenueCat fails: the answer says so, the log names user and subscription, nothing is noted.
      await server.db.query('alter table revenuecat.subscriptions rename to subscriptions_unavailable');
      const logged = captureFunctionLog(server);
      try {
        expect(await receipt(owner.client)).toMatchObject({ status: 502, body: { error: 'receipt_failed' } });
      } finally {
        logged.restore();
        await server.db.query('alter table revenuecat.subscriptions_unavailable rename to subscriptions');
      }
      expect(logged.text()).toContain(`RevenueCat receipt failed for user ${owner.id}, subscription ${subscriptionId}`);
      expect((await server.db.query('select 1 from public.revenuecat_receipts where subscription_id = $1', [subscriptionId])).rows).toEqual([]);

      expect(await receipt(owner.client)).toEqual({ status: 200, body: { data: { subscriptionId, alreadyRecorded: false } } });
      const productId = typeof introPrice.product === 'string' ? introPrice.product : introPrice.product.id;
      expect(Object.values((await subscriber(owner.id)).subscriber.subscriptions)).toMatchObject([{ store: 'stripe', store_transaction_id: subscriptionId }]);

      // A reload: nothing is posted again (RevenueCat's record, removed behind its back, stays gone).
      await server.db.query('delete from revenuecat.subscriptions where app_user_id = $1 and product_identifier = $2', [owner.id, productId]);
      expect(await receipt(owner.client)).toEqual({ status: 200, body: { data: { subscriptionId, alreadyRecorded: true } } });
      expect((await subscriber(owner.id)).subscriber.subscriptions).toEqual({});
    });
  });
});
