import { FunctionsHttpError, createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeIdOf } from './support/stripe-id-of';
import { mailsTo } from './support/customer-mails';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';
import { payLatestInvoice } from '../support/pay-latest-invoice';

/** The confirmations among a user's e-mails (the webhook also sends each payment's receipt, at its own pace). */
const confirmationsTo = async (url: string, address: string) => (await mailsTo(url, address)).filter((mail) => mail.subject !== 'Your receipt');

interface Counts {
  readonly activeAppStoreSubscriptionsCount: number;
  readonly activePlayStoreSubscriptionsCount: number;
  readonly canceledStripeSubscriptionsCount: number;
  readonly refundedStripeSubscriptionsCount: number;
}

interface User {
  readonly client: SupabaseClient;
  readonly id: string;
  readonly email: string;
}

const counts = (appStore: number, playStore: number, canceled: number, refunded: number): Counts => ({
  activeAppStoreSubscriptionsCount: appStore,
  activePlayStoreSubscriptionsCount: playStore,
  canceledStripeSubscriptionsCount: canceled,
  refundedStripeSubscriptionsCount: refunded,
});

async function call(client: SupabaseClient, name: string, body?: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const { data, error, response } = await client.functions.invoke(name, body === undefined ? {} : { body });
  if (error instanceof FunctionsHttpError) {
    const answer: Response = error.context;
    return { status: answer.status, body: await answer.json() };
  }
  if (error !== null) throw error;
  return { status: response?.status ?? 0, body: data };
}

const CANCEL = 'cancel-revenuecat-subscriptions';
const REFUND = 'refund-revenuecat-subscriptions';
const DAY = 86_400;

// The help centre's functions as the app calls them (supabase-js with each user's JWT) against the
// local stack's Stripe emulator and RevenueCat, inspected with the stripe SDK (issue 11, section 3).
describe('cancel and refund functions', () => {
  let server: TestServer;
  let stripe: Stripe;
  let weeklyIntro: Stripe.Price;
  let yearlyIntro: Stripe.Price;

  async function user(label: string): Promise<User> {
    const email = `${label}@example.com`;
    const client = createClient(server.url, server.apiKeys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data, error } = await client.auth.signUp({ email, password: 'correct horse battery' });
    if (error !== null || data.user === null) throw error ?? new Error('no user');
    return { client, id: data.user.id, email };
  }

  async function pay(subscriptionId: string): Promise<void> {
    expect((await payLatestInvoice(stripe, subscriptionId)).status).toBe('succeeded');
  }

  /** A web purchase as checkout makes it: create-stripe-subscription as the user, then the card payment. */
  async function webPurchase(owner: User): Promise<string> {
    const created = await call(owner.client, 'create-stripe-subscription', { priceId: weeklyIntro.id, currency: 'eur', email: owner.email });
    expect(created.status).toBe(200);
    const { subscriptionId } = (created.body as { data: { subscriptionId: string } }).data;
    await pay(subscriptionId);
    return subscriptionId;
  }

  /**
   * A yearly web subscription paid `daysAgo` days ago: its customer lives on a test clock frozen then
   * (the emulator stamps the payment with clock time), mapped to the user as checkout maps it.
   */
  async function webPurchasePaidDaysAgo(owner: User, daysAgo: number): Promise<string> {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) - daysAgo * DAY });
    const customer = await stripe.customers.create({ email: owner.email, metadata: { user_id: owner.id }, test_clock: clock.id });
    await server.db.query('insert into public.stripe_customers (user_id, customer_id) values ($1, $2)', [owner.id, customer.id]);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: yearlyIntro.id }],
      currency: 'eur',
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
      metadata: { user_id: owner.id },
    });
    await pay(subscription.id);
    return subscription.id;
  }

  async function grant(email: string, store: string, productId: string, extra: Record<string, string> = {}): Promise<void> {
    const response = await fetch(`${server.url}/_dev/revenuecat/subscriptions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, store, product_id: productId, expires_date: new Date(Date.now() + 30 * DAY * 1000).toISOString(), ...extra }),
    });
    expect(response.status).toBe(201);
  }

  async function refundsOf(subscriptionId: string): Promise<Stripe.Refund[]> {
    const invoice = (await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', expand: ['data.payments'] })).data[0];
    const intent = invoice?.payments?.data[0]?.payment.payment_intent;
    if (intent === undefined) throw new Error('no paid invoice');
    return (await stripe.refunds.list({ payment_intent: typeof intent === 'string' ? intent : intent.id })).data;
  }

  /** The cancellation requests Stripe received for a subscription (one event each). */
  async function cancelRequestsOf(subscriptionId: string): Promise<number> {
    const events = await stripe.events.list({ type: 'customer.subscription.updated', limit: 100 });
    return events.data.filter((event) => {
      const previous = event.data.previous_attributes as { cancel_at_period_end?: boolean } | undefined;
      return (event.data.object as Stripe.Subscription).id === subscriptionId && previous?.cancel_at_period_end === false;
    }).length;
  }

  async function stripeSubscriptionRecord(userId: string, subscriptionId: string): Promise<Record<string, unknown> | undefined> {
    const response = await fetch(`${server.url}/revenuecat/v1/subscribers/${encodeURIComponent(userId)}`, {
      headers: { Authorization: `Bearer ${server.config.revenueCatSecretKey}` },
    });
    const body = (await response.json()) as { subscriber: { subscriptions: Record<string, Record<string, unknown>> } };
    return Object.values(body.subscriber.subscriptions).find((record) => record.store_transaction_id === subscriptionId);
  }

  beforeAll(async () => {
    server = await startTestServer();
    // The Node http client: its answers expose headers as a plain object (Idempotent-Replayed).
    stripe = new Stripe(server.config.stripeApiKey, { host: 'localhost', port: Number(new URL(server.url).port), protocol: 'http', maxNetworkRetries: 0 });
    const prices = await stripe.prices.list({ lookup_keys: ['w-intro', 'y-intro'], active: true });
    const byKey = new Map(prices.data.map((price) => [price.lookup_key, price]));
    const weekly = byKey.get('w-intro');
    const yearly = byKey.get('y-intro');
    if (weekly === undefined || yearly === undefined) throw new Error('the seeded catalogue has no w-intro / y-intro prices');
    weeklyIntro = weekly;
    yearlyIntro = yearly;
  });
  afterAll(() => server.close());

  it('cancel: each user stops renewing only their own; ids of others in the body are ignored; a double call acts once', async () => {
    const alice = await user('cancel-alice');
    const bob = await user('cancel-bob');
    const aliceSubscription = await webPurchase(alice);
    const bobSubscription = await webPurchase(bob);
    const bobCustomer = (await stripe.subscriptions.retrieve(bobSubscription)).customer;
    // Checkout's webhook puts a paid intro subscription on its intro -> full schedule; Stripe refuses to
    // set cancel_at_period_end on a scheduled subscription, so the function must release it first.
    const scheduled = async (id: string) => (await stripe.subscriptions.retrieve(id)).schedule;
    for (let tries = 0; (await scheduled(aliceSubscription)) === null && tries < 50; tries++) await new Promise((resolve) => setTimeout(resolve, 200));
    const aliceSchedule = stripeIdOf(await scheduled(aliceSubscription));
    expect(aliceSchedule).toMatch(/^sub_sched_/);
    await grant(alice.email, 'app_store', 'premium_ios');
    await grant(alice.email, 'play_store', 'premium_android');

    // Alice's double submit, each naming Bob's subscription, customer and user id in every field a caller might try.
    const foreign = { subscriptionId: bobSubscription, subscription_id: bobSubscription, customer: bobCustomer, customerId: bobCustomer, userId: bob.id, user_id: bob.id, app_user_id: bob.id };
    const answers = await Promise.all([call(alice.client, CANCEL, { type: 'web', ...foreign }), call(alice.client, CANCEL, { type: 'web', ...foreign })]);
    expect(answers).toEqual([
      { status: 200, body: counts(0, 0, 1, 0) },
      { status: 200, body: counts(0, 0, 1, 0) },
    ]);
    expect(await stripe.subscriptions.retrieve(aliceSubscription)).toMatchObject({ status: 'active', cancel_at_period_end: true, schedule: null });
    expect((await stripe.subscriptionSchedules.retrieve(aliceSchedule)).status).toBe('released');
    expect(await stripe.subscriptions.retrieve(bobSubscription)).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect(await cancelRequestsOf(aliceSubscription)).toBe(1);
    // The write carried the key derived from user, subscription and action: the same key replays it
    // (what makes a retry whose first answer was lost act once, whatever it read before).
    const replayed = await stripe.subscriptions.update(aliceSubscription, { cancel_at_period_end: true }, { idempotencyKey: `help-centre-cancel-${alice.id}-${aliceSubscription}` });
    expect(replayed.lastResponse.headers['idempotent-replayed']).toBe('true');
    // RevenueCat knows at once (the function posts the receipt; the webhook brings the same later).
    expect((await stripeSubscriptionRecord(alice.id, aliceSubscription))?.unsubscribe_detected_at).toMatch(/^\d{4}-/);

    // After success, another request (type all) answers the same web counts plus the stores, acting on nothing.
    expect(await call(alice.client, CANCEL, { type: 'all' })).toEqual({ status: 200, body: counts(1, 1, 1, 0) });
    expect(await cancelRequestsOf(aliceSubscription)).toBe(1);

    // One confirmation for Alice's double submit and the request after it, with the day it ends.
    const aliceMails = await confirmationsTo(server.url, alice.email);
    expect(aliceMails.map((mail) => mail.subject)).toEqual(['Your cancellation is confirmed']);
    const ends = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Math.max(...(await stripe.subscriptions.retrieve(aliceSubscription)).items.data.map((item) => item.current_period_end)) * 1000));
    expect(aliceMails[0]?.text).toMatch(new RegExp(`We received your cancellation on .+ UTC\\. Your subscription will not renew and ends on ${ends}\\.`));

    // Bob cancels his own, from a German page: his confirmation is in German; Alice's is unchanged by it.
    expect(await call(bob.client, CANCEL, { type: 'all', language: 'de' })).toEqual({ status: 200, body: counts(0, 0, 1, 0) });
    expect((await confirmationsTo(server.url, bob.email)).map((mail) => mail.subject)).toEqual(['Ihre Kündigung ist bestätigt']);
    expect(await stripe.subscriptions.retrieve(bobSubscription)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await cancelRequestsOf(aliceSubscription)).toBe(1);
  });

  it('refund inside the policy: the latest payment refunded once and the subscription ended, for its owner only', async () => {
    const carol = await user('refund-carol');
    const dave = await user('refund-dave');
    const carolSubscription = await webPurchase(carol);
    const daveSubscription = await webPurchase(dave);
    await grant(carol.email, 'mac_app_store', 'premium_mac');

    const answers = await Promise.all([
      call(carol.client, REFUND, { type: 'all', subscriptionId: daveSubscription }),
      call(carol.client, REFUND, { type: 'all', subscriptionId: daveSubscription }),
    ]);
    expect(answers).toEqual([
      { status: 200, body: counts(1, 0, 1, 1) },
      { status: 200, body: counts(1, 0, 1, 1) },
    ]);
    const refunds = await refundsOf(carolSubscription);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: 'succeeded', reason: 'requested_by_customer', metadata: { user_id: carol.id, subscription_id: carolSubscription } });
    expect((await stripe.subscriptions.retrieve(carolSubscription)).status).toBe('canceled');
    const again = await stripe.refunds.create(
      { payment_intent: stripeIdOf(refunds[0]?.payment_intent), reason: 'requested_by_customer', metadata: { user_id: carol.id, subscription_id: carolSubscription } },
      { idempotencyKey: `help-centre-refund-${carol.id}-${carolSubscription}` },
    );
    expect([again.id, again.lastResponse.headers['idempotent-replayed']]).toEqual([refunds[0]?.id, 'true']);
    expect(await refundsOf(daveSubscription)).toHaveLength(0);
    // One refund confirmation with the amount refunded; none for Dave, whose subscription nobody touched.
    const carolMails = await confirmationsTo(server.url, carol.email);
    expect(carolMails.map((mail) => mail.subject)).toEqual(['Your refund is confirmed']);
    expect(carolMails[0]?.text).toContain(`We refunded €${((refunds[0]?.amount ?? 0) / 100).toFixed(2)} on `);
    expect(await confirmationsTo(server.url, dave.email)).toEqual([]);
    expect(await stripe.subscriptions.retrieve(daveSubscription)).toMatchObject({ status: 'active', cancel_at_period_end: false });
    const record = await stripeSubscriptionRecord(carol.id, carolSubscription);
    expect(record?.refunded_at).toMatch(/^\d{4}-/);
    expect(Date.parse(String(record?.expires_date))).toBeLessThanOrEqual(Date.now());

    // A retry after success: the same answer, no second refund.
    expect(await call(carol.client, REFUND, { type: 'all' })).toEqual({ status: 200, body: counts(1, 0, 1, 1) });
    expect(await refundsOf(carolSubscription)).toHaveLength(1);
    // And a cancel request afterwards reports it canceled, without touching Stripe.
    expect(await call(carol.client, CANCEL, { type: 'web' })).toEqual({ status: 200, body: counts(0, 0, 1, 0) });
  });

  it('refund outside the policy: canceled at period end, not refunded (the "sorry" case), also when asked again', async () => {
    const erin = await user('refund-erin');
    const subscriptionId = await webPurchasePaidDaysAgo(erin, 30);
    expect(await call(erin.client, REFUND, { type: 'web' })).toEqual({ status: 200, body: counts(0, 0, 1, 0) });
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await refundsOf(subscriptionId)).toHaveLength(0);
    expect(await call(erin.client, REFUND, { type: 'web' })).toEqual({ status: 200, body: counts(0, 0, 1, 0) });
    expect(await cancelRequestsOf(subscriptionId)).toBe(1);
  });

  it('refund just inside the policy (13 days ago) is granted', async () => {
    const frank = await user('refund-frank');
    const subscriptionId = await webPurchasePaidDaysAgo(frank, 13);
    expect(await call(frank.client, REFUND)).toEqual({ status: 200, body: counts(0, 0, 1, 1) });
    expect(await refundsOf(subscriptionId)).toHaveLength(1);
  });

  it('answers zeros without web or store subscriptions; refuses a bad type and an anonymous caller', async () => {
    const grace = await user('nothing-grace');
    expect(await call(grace.client, CANCEL, { type: 'all' })).toEqual({ status: 200, body: counts(0, 0, 0, 0) });
    expect(await call(grace.client, REFUND, { type: 'all' })).toEqual({ status: 200, body: counts(0, 0, 0, 0) });
    expect(await call(grace.client, REFUND, { type: 'everything' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    const anonymous = createClient(server.url, server.apiKeys.anonKey, { auth: { persistSession: false } });
    expect((await call(anonymous, CANCEL, { type: 'all' })).status).toBe(401);
    expect((await call(anonymous, REFUND, { type: 'all' })).status).toBe(401);
  });
  describe('withdraw-from-contract', () => {
    const WITHDRAW = 'withdraw-from-contract';
    interface ListedContract {
      readonly subscriptionId: string;
      readonly withdrawableUntil: number | null;
      readonly withdrawnAt: number | null;
      readonly paid: { readonly minor: number; readonly currency: string };
    }
    const contracts = async (owner: User): Promise<ListedContract[]> => {
      const answer = await call(owner.client, WITHDRAW, { list: true });
      expect(answer.status).toBe(200);
      return (answer.body as { data: { contracts: ListedContract[] } }).data.contracts;
    };

    it('inside the 14 days: refunds every payment in full, ends the contract at once, confirms the time of receipt by e-mail, once', async () => {
      const erin = await user('withdraw-erin');
      const frank = await user('withdraw-frank');
      const subscriptionId = await webPurchasePaidDaysAgo(erin, 13);
      const [listed] = await contracts(erin);
      const created = (await stripe.subscriptions.retrieve(subscriptionId)).created;
      expect(listed).toMatchObject({ subscriptionId, withdrawableUntil: created + 14 * DAY, withdrawnAt: null });
      const paid = listed?.paid.minor ?? 0;
      expect(paid).toBeGreaterThan(0);

      // Not Frank's to withdraw from, and he sees none of Erin's contracts.
      expect(await call(frank.client, WITHDRAW, { subscriptionId })).toMatchObject({ status: 404, body: { error: 'not_found' } });
      expect(await contracts(frank)).toEqual([]);

      // A double submit: one refund, one e-mail, the same time of receipt in both answers.
      const answers = await Promise.all([call(erin.client, WITHDRAW, { subscriptionId, language: 'de' }), call(erin.client, WITHDRAW, { subscriptionId, language: 'de' })]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const received = answers.map((answer) => (answer.body as { data: { contract: ListedContract } }).data.contract.withdrawnAt);
      expect(received[0]).toBeTypeOf('number');
      expect(received[1]).toBe(received[0]);
      const refunds = await refundsOf(subscriptionId);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amount: paid, status: 'succeeded', metadata: { withdrawal: 'true' } });
      expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
      const mails = await confirmationsTo(server.url, erin.email);
      expect(mails.map((mail) => mail.subject)).toEqual(['Ihr Widerruf des Vertrags ist bestätigt']);
      expect(mails[0]?.text).toMatch(new RegExp(`am .+ UTC erhalten\\. Wir haben ${(paid / 100).toFixed(2).replace('.', ',')}\\s€ vollständig erstattet`));
      // Asked again later: the first receipt stands, nothing more is refunded or sent.
      const again = await call(erin.client, WITHDRAW, { subscriptionId });
      expect((again.body as { data: { contract: ListedContract } }).data.contract.withdrawnAt).toBe(received[0]);
      expect(await refundsOf(subscriptionId)).toHaveLength(1);
      expect(await confirmationsTo(server.url, erin.email)).toHaveLength(1);
      expect((await contracts(erin))[0]).toMatchObject({ withdrawnAt: received[0], paid: { minor: 0 } });
    });

    it('after the 14 days: refused with the reason, nothing refunded or ended', async () => {
      const gina = await user('withdraw-gina');
      const subscriptionId = await webPurchasePaidDaysAgo(gina, 15);
      expect(await call(gina.client, WITHDRAW, { subscriptionId })).toMatchObject({ status: 409, body: { error: 'withdrawal_period_over' } });
      expect(await refundsOf(subscriptionId)).toHaveLength(0);
      expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
      expect(await confirmationsTo(server.url, gina.email)).toEqual([]);
      expect((await server.db.query('select 1 from public.contract_withdrawals where subscription_id = $1', [subscriptionId])).rows).toEqual([]);
    });
  });
});
