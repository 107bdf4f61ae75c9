import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../server/db/database';
import { openDatabase } from '../../server/db/open-database';
import { payLatestInvoice } from '../support/pay-latest-invoice';
import { faultyDatabase } from './support/faulty-database';
import type { DatabaseFaults } from './support/faulty-database';
import { emulatorClient } from './support/stripe-target';
import { pgliteTemplate, startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

const session = z.object({ access_token: z.string(), user: z.object({ id: z.string() }) });
const createdSubscription = z.object({ data: z.object({ subscriptionId: z.string() }) });
const subscriptionIdOf = (answer: Answer | undefined) => createdSubscription.parse(answer?.body).data.subscriptionId;

// Issue 3 section 3, the PGlite leg: the stack's one database is slow, busy with a long statement, or
// fails in the middle of a purchase (the PostgreSQL restart itself is postgres-restart.test.ts). The
// stack keeps answering, each service in its own shape, recovers without a restart and leaves no
// half purchase behind. Faults go in through the Database interface every service takes.
describe('the stack when its database is slow, busy or fails mid-purchase (PGlite)', () => {
  let server: TestServer;
  let pglite: Database;
  let faults: DatabaseFaults;
  let stripe: Stripe;
  let priceId = '';
  let dataDir = '';
  let signUps = 0;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'local-stack-faults-'));
    pglite = await openDatabase({ dataDir, databaseUrl: undefined }, { loadDataDir: await pgliteTemplate() });
    const faulty = faultyDatabase(pglite);
    faults = faulty.faults;
    server = await startTestServer({ dataDir, start: { database: Promise.resolve(faulty.db) } });
    stripe = emulatorClient(server);
    const [price] = (await stripe.prices.list({ lookup_keys: ['w-intro'] })).data;
    priceId = price?.id ?? '';
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function answer(response: Promise<Response>): Promise<Answer> {
    const settled = await response;
    const text = await settled.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // the collector answers plain `ok`
    }
    return { status: settled.status, body };
  }
  const signUp = () =>
    answer(
      fetch(`${server.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: server.apiKeys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `faults-${(signUps += 1)}@example.com`, password: 'correct horse battery' }),
      }),
    );
  async function newUser(): Promise<{ id: string; token: string }> {
    const { status, body } = await signUp();
    expect(status).toBe(200);
    const { user, access_token: token } = session.parse(body);
    return { id: user.id, token };
  }
  const callFunction = (token: string, name: string, body: Record<string, unknown>) =>
    answer(
      fetch(`${server.url}/functions/v1/${name}`, {
        method: 'POST',
        headers: { apikey: server.apiKeys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  const subscribe = (token: string) => callFunction(token, 'create-stripe-subscription', { priceId, currency: 'eur' });
  const readRates = () => answer(fetch(`${server.url}/rest/v1/fx_rates?select=eur`, { headers: { apikey: server.apiKeys.anonKey } }));
  const postEvent = (eventId: string) =>
    answer(
      fetch(`${server.url}/com.snowplowanalytics.snowplow/tp2`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
          data: [{ e: 'pv', eid: eventId, tv: 'js-4.10.1', p: 'web', url: 'http://localhost/onboarding/gender' }],
        }),
      }),
    );

  /** The Stripe customers whose metadata names the user, and the customer the mapping table names. */
  async function purchaseOf(userId: string) {
    const customers = await pglite.query<{ id: string }>("select id from stripe.objects where object = 'customer' and data -> 'metadata' ->> 'user_id' = $1", [userId]);
    const mapping = await pglite.query<{ customer_id: string }>('select customer_id from public.stripe_customers where user_id = $1', [userId]);
    const subscriptions = await pglite.query<{ id: string; customer: string }>(
      "select id, data ->> 'customer' as customer from stripe.objects where object = 'subscription' and data -> 'metadata' ->> 'user_id' = $1",
      [userId],
    );
    return { customers: customers.rows.map((row) => row.id), mapped: mapping.rows.map((row) => row.customer_id), subscriptions: subscriptions.rows };
  }

  /** Half purchases anywhere in the store: a subscription or receipt whose other half is missing. */
  async function halfPurchases(): Promise<string[]> {
    const unmapped = await pglite.query<{ id: string }>(
      `select s.id from stripe.objects s left join public.stripe_customers c on c.customer_id = s.data ->> 'customer'
        where s.object = 'subscription' and c.user_id is null`,
    );
    const orphanReceipts = await pglite.query<{ id: string }>(
      `select r.store_transaction_id as id from revenuecat.subscriptions r
        where r.store = 'stripe' and not exists (select 1 from stripe.objects s where s.object = 'subscription' and s.id = r.store_transaction_id)`,
    );
    return [...unmapped.rows.map((row) => `subscription ${row.id} without a customer mapping`), ...orphanReceipts.rows.map((row) => `receipt ${row.id} without a subscription`)];
  }

  it('answers every path correctly while each statement is slow and PGlite is busy with a long one', async () => {
    const buyer = await newUser();
    const eventId = crypto.randomUUID();
    faults.delayMs = 10;
    let answers: Answer[];
    try {
      // PGlite runs one statement at a time: this one holds it for a second while the requests queue.
      const busy = pglite.query('select pg_sleep(1)');
      answers = await Promise.all([signUp(), signUp(), readRates(), readRates(), subscribe(buyer.token), subscribe(buyer.token), subscribe(buyer.token), postEvent(eventId)]);
      await busy;
    } finally {
      faults.delayMs = 0;
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    expect(answers[2]?.body).toEqual([{ eur: 1 }]);
    // Three submits of one buyer while slow: one customer, mapped, and one subscription all three name.
    const subscriptionIds = new Set(answers.slice(4, 7).map(subscriptionIdOf));
    expect(subscriptionIds.size).toBe(1);
    const purchase = await purchaseOf(buyer.id);
    expect(purchase.customers).toHaveLength(1);
    expect(purchase.mapped).toEqual(purchase.customers);
    expect(purchase.subscriptions).toEqual([{ id: [...subscriptionIds][0], customer: purchase.customers[0] }]);
    expect((await pglite.query('select 1 from atomic.events where event_id = $1', [eventId])).rows).toHaveLength(1);
  });

  it('leaves no half purchase when the database fails between Stripe\'s customer and its mapping, and completes it on retry', async () => {
    const buyer = await newUser();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failed: Answer;
    try {
      faults.failing = (sql) => /insert into[\s\S]*stripe_customers/i.test(sql);
      failed = await subscribe(buyer.token);
    } finally {
      faults.failing = undefined;
      logged.mockRestore();
    }
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ code: 'FUNCTION_ERROR', message: 'Function create-stripe-subscription failed' });
    // Stripe made the customer, the mapping failed: nothing was subscribed on that half.
    const between = await purchaseOf(buyer.id);
    expect(between).toMatchObject({ mapped: [], subscriptions: [] });
    expect(between.customers).toHaveLength(1);

    const retried = await subscribe(buyer.token);
    expect(retried.status).toBe(200);
    const after = await purchaseOf(buyer.id);
    // The same customer (found again, not made twice), now mapped, with the one subscription.
    expect(after.customers).toEqual(between.customers);
    expect(after.mapped).toEqual(between.customers);
    expect(after.subscriptions).toEqual([{ id: subscriptionIdOf(retried), customer: between.customers[0] }]);
    expect(await halfPurchases()).toEqual([]);
  });

  it('answers in each service\'s own error shape while every statement fails, and serves again once it stops', async () => {
    const buyer = await newUser();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let down: { signUp: Answer; rest: Answer; stripe: unknown; fn: Answer; receipt: Answer; collector: Answer };
    try {
      faults.failing = () => true;
      down = {
        signUp: await signUp(),
        rest: await readRates(),
        stripe: await stripe.customers.create({ email: 'down@example.com' }).catch((error: unknown) => error),
        fn: await subscribe(buyer.token),
        receipt: await answer(
          fetch(`${server.url}/revenuecat/v1/receipts`, {
            method: 'POST',
            headers: { authorization: `Bearer ${server.config.revenueCatSecretKey}`, 'x-platform': 'stripe', 'content-type': 'application/json' },
            body: JSON.stringify({ app_user_id: buyer.id, fetch_token: 'sub_while_down' }),
          }),
        ),
        collector: await postEvent(crypto.randomUUID()),
      };
    } finally {
      faults.failing = undefined;
      logged.mockRestore();
    }
    expect(down.signUp).toEqual({ status: 500, body: expect.objectContaining({ code: 500, error_code: 'unexpected_failure', msg: expect.any(String) }) });
    expect(down.rest).toEqual({ status: 500, body: { code: '57P01', message: expect.any(String), details: null, hint: null } });
    expect(down.stripe).toMatchObject({ type: 'StripeAPIError', statusCode: 500, raw: { type: 'api_error' } });
    expect(down.fn).toEqual({ status: 500, body: { code: 'FUNCTION_ERROR', message: 'Function create-stripe-subscription failed' } });
    expect(down.receipt).toEqual({ status: 500, body: { code: 7110, message: 'Internal server error.' } });
    // Not 2xx, so the browser tracker keeps the event and sends it again.
    expect(down.collector.status).toBe(500);

    expect(await readRates()).toEqual({ status: 200, body: [{ eur: 1 }] });
    expect((await subscribe(buyer.token)).status).toBe(200);
    expect(await halfPurchases()).toEqual([]);
  });

  it('delivers the Stripe webhooks owed once the database is back, without another Stripe event', async () => {
    const buyer = await newUser();
    const created = await subscribe(buyer.token);
    expect(created.status).toBe(200);
    const subscriptionId = subscriptionIdOf(created);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // The dispatcher's reads of the outbox fail (the payment's own writes still commit).
      faults.failing = (sql) => /^\s*select[\s\S]*stripe\.webhook_deliveries/i.test(sql);
      expect((await payLatestInvoice(stripe, subscriptionId)).status).toBe('succeeded');
      await expect.poll(() => logged.mock.calls.some(([message]) => message === 'Stripe webhook delivery failed')).toBe(true);
    } finally {
      faults.failing = undefined;
      logged.mockRestore();
    }
    // invoice.paid reaches stripe-webhook, which posts the receipt to RevenueCat and notes it.
    await expect
      .poll(async () => (await pglite.query('select 1 from public.revenuecat_receipts where subscription_id = $1', [subscriptionId])).rows.length, { timeout: 15_000 })
      .toBe(1);
    // And the rest of the outbox empties (the events after invoice.paid, the schedule's).
    await expect
      .poll(async () => (await pglite.query("select 1 from stripe.webhook_deliveries where status = 'pending' and next_attempt_at <= now()")).rows.length, { timeout: 15_000 })
      .toBe(0);
    expect(await halfPurchases()).toEqual([]);
  });
});
