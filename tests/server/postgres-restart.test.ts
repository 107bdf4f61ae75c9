import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { STRIPE_WRITE_LOCK } from '../../server/stripe/create-stripe-routes';
import { payLatestInvoice } from '../support/pay-latest-invoice';
import { startPostgresCluster } from './support/postgres-cluster';
import type { PostgresCluster } from './support/postgres-cluster';
import { emulatorClient } from './support/stripe-target';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';


// The PostgreSQL leg: the database restarts under a running stack. Requests in between fail with each
// service's own error shape, the process stays up (an idle pooled connection's 57P01 must not end it:
// vitest fails the file on that unhandled error), and it serves again once the database is back.
describe('the stack across a PostgreSQL restart', () => {
  let cluster: PostgresCluster;
  let server: TestServer;
  let pgCtl: (...args: string[]) => void;
  let databasePort = '';
  let databaseUrl = '';
  let clusterDir = '';

  beforeAll(async () => {
    const before = new Set(readdirSync(tmpdir()));
    cluster = await startPostgresCluster();
    clusterDir = join(tmpdir(), readdirSync(tmpdir()).find((name) => name.startsWith('local-stack-pg-') && !before.has(name)) ?? '');
    const url = await cluster.createDatabase('restart');
    databaseUrl = url;
    databasePort = new URL(url).port;
    server = await startTestServer({ databaseUrl: url });
    const version = readdirSync('/usr/lib/postgresql').find((name) => existsSync(join('/usr/lib/postgresql', name, 'bin', 'pg_ctl')));
    const bin = join('/usr/lib/postgresql', version ?? '', 'bin', 'pg_ctl');
    pgCtl = (...args) => {
      const command = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, '-D', join(clusterDir, 'data'), ...args]] as const : [bin, ['-D', join(clusterDir, 'data'), ...args]] as const;
      execFileSync(command[0], [...command[1]], { stdio: 'pipe' });
    };
  });
  afterAll(async () => {
    await server.close();
    cluster.stop();
  });
  const startDatabase = () => pgCtl('-w', '-l', join(clusterDir, 'server.log'), '-o', `-p ${databasePort} -k ${clusterDir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start');

  it('answers REST and auth errors in their own shapes while the database is down, and recovers', async () => {
    const rest = () => fetch(`${server.url}/rest/v1/fx_rates?select=eur`, { headers: { apikey: server.apiKeys.anonKey } });
    const signUp = (email: string) =>
      fetch(`${server.url}/auth/v1/signup`, { method: 'POST', headers: { apikey: server.apiKeys.anonKey, 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'correct horse battery' }) });
    expect((await rest()).status).toBe(200);

    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      pgCtl('-w', '-m', 'fast', 'stop');
      // PostgREST's answer for a database it cannot reach: 503 PGRST000, with the driver's reason as details.
      const down = await rest();
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ code: 'PGRST000', message: 'Database connection error. Retrying the connection.', details: expect.any(String), hint: null });
      const refused = await signUp('while-down@example.com');
      expect(refused.status).toBe(500);
      expect(await refused.json()).toMatchObject({ code: 500, error_code: 'unexpected_failure' });
    } finally {
      startDatabase();
      logged.mockRestore();
    }

    expect(await (await rest()).json()).toEqual([{ eur: 1 }]);
    expect((await signUp('after-restart@example.com')).status).toBe(200);
    // Nothing half-written by the refused sign-up.
    expect((await server.db.query("select count(*)::int as n from auth.users where email = 'while-down@example.com'")).rows).toEqual([{ n: 0 }]);
  });

  it('keeps purchases whole when it restarts under writes in flight: each service answers in its own shape, and nothing is half made', async () => {
    const { anonKey } = server.apiKeys;
    const json = async (response: Promise<Response>) => {
      const settled = await response;
      const text = await settled.text();
      return { status: settled.status, body: text.startsWith('{') || text.startsWith('[') ? z.unknown().parse(JSON.parse(text)) : text };
    };
    const buyers = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const answer = await json(fetch(`${server.url}/auth/v1/signup`, { method: 'POST', headers: { apikey: anonKey, 'Content-Type': 'application/json' }, body: JSON.stringify({ email: `restart-buyer-${n}@example.com`, password: 'correct horse battery' }) }));
        const { access_token: token, user } = z.object({ access_token: z.string(), user: z.object({ id: z.string() }) }).parse(answer.body);
        return { id: user.id, token };
      }),
    );
    const stripe = emulatorClient(server);
    const [price] = (await stripe.prices.list({ lookup_keys: ['w-intro'] })).data;
    const subscribe = (token: string) =>
      json(fetch(`${server.url}/functions/v1/create-stripe-subscription`, { method: 'POST', headers: { apikey: anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ priceId: price?.id, currency: 'eur' }) }));
    const subscriptionId = (answer: { body: unknown }) => z.object({ data: z.object({ subscriptionId: z.string() }) }).parse(answer.body).data.subscriptionId;

    // The test holds the emulator's write lock, so Stripe writes wait inside their transactions: the
    // restart then ends connections that are checked out of the pool, mid-transaction.
    const admin = new pg.Client({ connectionString: databaseUrl });
    admin.on('error', () => undefined); // the restart ends this session too
    await admin.connect();
    await admin.query('select pg_advisory_lock($1)', [STRIPE_WRITE_LOCK]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let inFlight: [Awaited<ReturnType<typeof json>>, Awaited<ReturnType<typeof json>>, unknown];
    let down: Record<'stripe' | 'receipt' | 'collector', unknown>;
    try {
      const writes = Promise.all([subscribe(buyers[0]?.token ?? ''), subscribe(buyers[1]?.token ?? ''), stripe.customers.create({ email: 'in-flight@example.com' }).catch((error: unknown) => error)]);
      const waiting = async () => (await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'")).rows[0]?.n;
      await expect.poll(waiting, { timeout: 15_000 }).toBe(3);
      pgCtl('-w', '-m', 'fast', 'stop');
      inFlight = await writes;
      down = {
        stripe: await stripe.customers.create({ email: 'while-down@example.com' }).catch((error: unknown) => error),
        receipt: await json(fetch(`${server.url}/revenuecat/v1/receipts`, { method: 'POST', headers: { Authorization: `Bearer ${server.config.revenueCatSecretKey}`, 'X-Platform': 'stripe', 'Content-Type': 'application/json' }, body: JSON.stringify({ app_user_id: buyers[0]?.id, fetch_token: 'sub_while_down' }) })),
        collector: await json(fetch(`${server.url}/com.snowplowanalytics.snowplow/tp2`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4', data: [{ e: 'pv', eid: crypto.randomUUID(), tv: 'js-4.10.1', p: 'web', url: 'http://localhost/' }] }) })),
      };
    } finally {
      startDatabase();
      logged.mockRestore();
      await admin.end().catch(() => undefined);
    }
    const functionFailed = { status: 500, body: { code: 'FUNCTION_ERROR', message: 'Function create-stripe-subscription failed' } };
    expect(inFlight[0]).toEqual(functionFailed);
    expect(inFlight[1]).toEqual(functionFailed);
    const stripeFailed = { type: 'StripeAPIError', statusCode: 500, raw: { type: 'api_error', message: 'An unknown error occurred in the Stripe emulator.' } };
    expect(inFlight[2]).toMatchObject(stripeFailed);
    expect(down.stripe).toMatchObject(stripeFailed);
    expect(down.receipt).toEqual({ status: 500, body: { code: 7110, message: 'Internal server error.' } });
    // Not 2xx: the browser tracker keeps the event and sends it again.
    expect(down.collector).toMatchObject({ status: 500 });

    // Back without a restart of the stack: every buyer completes, with one customer, mapped, and one subscription.
    await expect.poll(async () => (await fetch(`${server.url}/rest/v1/fx_rates?select=eur`, { headers: { apikey: anonKey } })).status).toBe(200);
    const retried = await Promise.all(buyers.map((buyer) => subscribe(buyer.token)));
    expect(retried.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const [index, buyer] of buyers.entries()) {
      const customers = await server.db.query<{ id: string }>("select id from stripe.objects where object = 'customer' and data -> 'metadata' ->> 'user_id' = $1", [buyer.id]);
      const mapped = await server.db.query<{ customer_id: string }>('select customer_id from public.stripe_customers where user_id = $1', [buyer.id]);
      const subscriptions = await server.db.query<{ id: string; customer: string }>("select id, data ->> 'customer' as customer from stripe.objects where object = 'subscription' and data -> 'metadata' ->> 'user_id' = $1", [buyer.id]);
      expect(customers.rows).toHaveLength(1);
      expect(mapped.rows).toEqual([{ customer_id: customers.rows[0]?.id }]);
      expect(subscriptions.rows).toEqual([{ id: subscriptionId(retried[index] ?? { body: undefined }), customer: customers.rows[0]?.id }]);
    }

    // A purchase completed after the restart: paid, its receipt recorded with RevenueCat.
    const paid = subscriptionId(retried[0] ?? { body: undefined });
    expect((await payLatestInvoice(stripe, paid)).status).toBe('succeeded');
    const receipt = await json(fetch(`${server.url}/functions/v1/record-revenuecat-receipt`, { method: 'POST', headers: { apikey: anonKey, Authorization: `Bearer ${buyers[0]?.token ?? ''}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ subscriptionId: paid }) }));
    expect(receipt).toMatchObject({ status: 200, body: { data: { subscriptionId: paid } } });

    // Nothing half made anywhere: no subscription without its customer mapping, no receipt without its subscription.
    const unmapped = await server.db.query(
      "select s.id from stripe.objects s left join public.stripe_customers c on c.customer_id = s.data ->> 'customer' where s.object = 'subscription' and c.user_id is null",
    );
    const orphanReceipts = await server.db.query(
      "select r.store_transaction_id from revenuecat.subscriptions r where r.store = 'stripe' and not exists (select 1 from stripe.objects s where s.object = 'subscription' and s.id = r.store_transaction_id)",
    );
    expect({ unmapped: unmapped.rows, orphanReceipts: orphanReceipts.rows }).toEqual({ unmapped: [], orphanReceipts: [] });
  });
});
