import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Stripe from 'stripe';
import { z } from 'zod';
import { createApiKeys } from '../server/api-keys';
import { LOCAL_REVENUECAT_SECRET_KEY, LOCAL_STRIPE_SECRET_KEY, loadServerConfig } from '../server/config';
import type { Queryable } from '../server/db/database';
import { openDatabase } from '../server/db/open-database';
import { postgresUnavailableReason, startPostgresCluster } from '../tests/server/support/postgres-cluster';
import { freePort } from '../tests/server/support/test-server';
import { startLocalStack } from './start-local-stack';

export interface LoadBenchOptions {
  /** The built SPA the stack serves (not requested here; the stack only needs the path). */
  readonly distDir: string;
  /** Seconds each open-ended scenario runs; the per-user ones stop at their last user or at twice this. */
  readonly seconds: number;
  /** Concurrent connections per scenario: a few, on a 2-core machine the stack shares with the load tool. */
  readonly connections: number;
  /** Where the stack listens (0: any free port); the PostgreSQL leg's cluster takes the next one. */
  readonly port: number;
}

export interface LoadBenchRun {
  /** The PGlite leg, then the PostgreSQL leg when a cluster can run here. */
  readonly legs: readonly LoadBenchResult[];
  /** Why there is no PostgreSQL leg (no initdb, SKIP_POSTGRES_TESTS=1). */
  readonly postgresSkipped: string | undefined;
}

export interface ScenarioResult {
  readonly name: string;
  readonly requests: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  /** Answers outside 200-299, by status. */
  readonly non2xx: Readonly<Record<string, number>>;
  /** Connection errors and timeouts: requests that got no answer at all. */
  readonly errors: number;
  /** 2xx answers whose body was not what the caller needs (e.g. a profile read that found no row). */
  readonly wrongAnswers: number;
}

export interface AcceptedWrites {
  readonly users: number;
  readonly profiles: number;
  readonly subscriptions: number;
  readonly payments: number;
  readonly receipts: number;
  readonly events: number;
}

export interface LoadBenchResult {
  readonly database: 'PGlite' | 'PostgreSQL';
  readonly scenarios: readonly ScenarioResult[];
  readonly accepted: AcceptedWrites;
  /** Every accepted write the database does not hold, or holds half of ("subscription sub_x: no customer mapping"). */
  readonly lostWrites: readonly string[];
  readonly cores: number;
  /** The stack process's peak resident memory over the run (Linux VmHWM), when the system says. */
  readonly peakRssMb: number | undefined;
  readonly loadBefore: readonly number[];
  readonly loadAfter: readonly number[];
}

/**
 * Issue 15 section 3, "under load, nothing lost": starts the compiled stack (what `npm start` runs) on
 * loopback with a fresh DATA_DIR (PGlite), then again on a throw-away PostgreSQL cluster where one can
 * run, and drives each write and read path of the funnel with autocannon, a few connections at a time,
 * each scenario bounded in time. Every write the stack answered 2xx is remembered; after a clean stop
 * the bench opens the same database and looks each one up: a user, profile, subscription (with its
 * customer mapping), payment, receipt or event that is missing is a lost write.
 *
 * The auth rate limits stay on: the stack counts them per AUTH_RATE_LIMIT_HEADER (as behind a proxy),
 * and each request comes from its own visitor address, as sign-ups from paid ads do.
 */
export async function loadBench(root: string, options: LoadBenchOptions): Promise<LoadBenchRun> {
  const pglite = await loadLeg(root, options, undefined);
  // The same run on a throw-away PostgreSQL cluster (initdb/pg_ctl, as the PostgreSQL half of the tests).
  const postgresSkipped = postgresUnavailableReason();
  if (postgresSkipped !== undefined) return { legs: [pglite], postgresSkipped };
  const cluster = await startPostgresCluster(options.port === 0 ? undefined : options.port + 1);
  try {
    const postgres = await loadLeg(root, options, await cluster.createDatabase('load_bench'));
    return { legs: [pglite, postgres], postgresSkipped: undefined };
  } finally {
    cluster.stop();
  }
}

async function loadLeg(root: string, options: LoadBenchOptions, databaseUrl: string | undefined): Promise<LoadBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  // A real port, not 0: the stack derives SITE_URL (where the functions reach Stripe and RevenueCat) from it.
  const port = options.port === 0 ? await freePort() : options.port;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: options.distDir,
    AUTH_RATE_LIMIT_HEADER: 'x-forwarded-for',
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
  };
  const { anonKey } = await createApiKeys(loadServerConfig(env));
  const loadBefore = loadavg();
  const stack = await startLocalStack(root, env);
  let stopped = false;
  try {
    const base = `http://127.0.0.1:${new URL(stack.url).port}`;
    const stripe = new Stripe(LOCAL_STRIPE_SECRET_KEY, { host: '127.0.0.1', port: Number(new URL(base).port), protocol: 'http', maxNetworkRetries: 0 });
    const [price] = (await stripe.prices.list({ lookup_keys: ['w-intro'] })).data;
    if (price === undefined) throw new Error('the seeded catalogue has no w-intro price');
    const productId = typeof price.product === 'string' ? price.product : price.product.id;
    const { run, each } = runner(base, options);
    const scenarios: ScenarioResult[] = [];
    const visitor = visitorAddresses();

    // (a) Sign-up, as supabase-js sends it (auto-confirm is on locally: the answer is a session). Twice
    // as long as the others: bcrypt makes it the slowest path, and its users feed every later scenario.
    const users: SignedUp[] = [];
    const runId = Date.now().toString(36);
    let signUps = 0;
    scenarios.push(
      await run('sign-up (GoTrue)', {
        request: () => ({
          method: 'POST',
          path: '/auth/v1/signup',
          headers: { ...json, apikey: anonKey, 'x-forwarded-for': visitor() },
          body: JSON.stringify({ email: `load-${runId}-${(signUps += 1)}@example.com`, password: 'correct horse battery' }),
        }),
        onAnswer: (body) => {
          const session = sessionBody.safeParse(parseJson(body));
          if (!session.success) return false;
          users.push({ id: session.data.user.id, accessToken: session.data.access_token, refreshToken: session.data.refresh_token });
          return true;
        },
      }, options.seconds * 2),
    );
    if (users.length === 0) throw new Error('no sign-up succeeded: nothing to load the other paths with');

    // (b) The profile insert that follows each sign-up, with that user's token (RLS: own row only).
    const profiles: string[] = [];
    scenarios.push(
      await each('profile insert (PostgREST)', users, {
        request: (user) => ({
          method: 'POST',
          path: '/rest/v1/profiles',
          headers: { ...json, apikey: anonKey, authorization: `Bearer ${user.accessToken}`, prefer: 'return=representation' },
          body: JSON.stringify(profileRow(user.id)),
        }),
        onAnswer: (body, user) => {
          const inserted = z.array(z.object({ user_id: z.string() })).safeParse(parseJson(body));
          if (!inserted.success || inserted.data[0]?.user_id !== user.id) return false;
          profiles.push(user.id);
          return true;
        },
      }),
    );

    // (c) Token refresh. GoTrue rotates: each refresh token works once, so each user's chain goes on
    // with the token the last answer handed out (a queue shared by the connections).
    const refreshTokens = users.map((user) => user.refreshToken);
    scenarios.push(
      await run('token refresh (GoTrue)', {
        request: () => {
          // An empty queue means every chain broke on a failed refresh; the reused token then answers
          // 400 and shows up as a non-2xx rather than hiding.
          const token = refreshTokens.shift() ?? users[0]?.refreshToken ?? '';
          return {
            method: 'POST',
            path: '/auth/v1/token?grant_type=refresh_token',
            headers: { ...json, apikey: anonKey, 'x-forwarded-for': visitor() },
            body: JSON.stringify({ refresh_token: token }),
          };
        },
        onAnswer: (body) => {
          const session = sessionBody.safeParse(parseJson(body));
          if (!session.success) return false;
          refreshTokens.push(session.data.refresh_token);
          return true;
        },
      }),
    );

    // (d) REST read: each user reads their own profile (JWT check, RLS and the query per request).
    const withProfile = users.filter((user) => profiles.includes(user.id));
    let reads = 0;
    scenarios.push(
      await run('profile read (PostgREST)', {
        request: () => {
          const user = withProfile[reads++ % withProfile.length] ?? users[0];
          return {
            method: 'GET',
            path: `/rest/v1/profiles?select=user_id,weight_in_kg&user_id=eq.${user?.id ?? ''}`,
            headers: { apikey: anonKey, authorization: `Bearer ${user?.accessToken ?? ''}` },
          };
        },
        onAnswer: (body) => z.array(z.object({ user_id: z.string() })).length(1).safeParse(parseJson(body)).success,
      }),
    );

    // (e) A function that calls Stripe: the checkout's price list.
    let calls = 0;
    scenarios.push(
      await run('list-stripe-prices (function)', {
        request: () => ({
          method: 'POST',
          path: '/functions/v1/list-stripe-prices',
          headers: { ...json, apikey: anonKey, authorization: `Bearer ${users[calls++ % users.length]?.accessToken ?? ''}` },
          body: JSON.stringify({ productId }),
        }),
        onAnswer: (body) => z.object({ data: z.array(z.object({ id: z.string() })).min(1) }).safeParse(parseJson(body)).success,
      }),
    );

    // (f) Subscription creation, one per user (the function is idempotent per user: a second call
    // would answer the same subscription).
    const subscriptions: CreatedSubscription[] = [];
    scenarios.push(
      await each('create-stripe-subscription (function)', users, {
        request: (user) => ({
          method: 'POST',
          path: '/functions/v1/create-stripe-subscription',
          headers: { ...json, apikey: anonKey, authorization: `Bearer ${user.accessToken}` },
          body: JSON.stringify({ priceId: price.id, currency: 'eur' }),
        }),
        onAnswer: (body, user) => {
          const created = z.object({ data: z.object({ subscriptionId: z.string(), clientSecret: z.string() }) }).safeParse(parseJson(body));
          const paymentIntentId = created.success ? created.data.data.clientSecret.split('_secret_')[0] : undefined;
          if (!created.success || paymentIntentId === undefined) return false;
          subscriptions.push({ userId: user.id, subscriptionId: created.data.data.subscriptionId, paymentIntentId });
          return true;
        },
      }),
    );

    // (g) Paying each one: the PaymentIntent confirmed with a test card, as Stripe.js does after the
    // payment form (the emulator then delivers invoice.paid to stripe-webhook in the background).
    const paid: CreatedSubscription[] = [];
    scenarios.push(
      await each('payment confirm (Stripe emulator)', subscriptions, {
        request: (subscription) => ({
          method: 'POST',
          path: `/v1/payment_intents/${subscription.paymentIntentId}/confirm`,
          headers: { authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ payment_method: 'pm_card_visa', return_url: 'http://localhost/checkout/done' }).toString(),
        }),
        onAnswer: (body, subscription) => {
          if (!z.object({ status: z.literal('succeeded') }).safeParse(parseJson(body)).success) return false;
          paid.push(subscription);
          return true;
        },
      }),
    );

    // (h) The receipt RevenueCat gets for each paid subscription (what record-revenuecat-receipt and
    // stripe-webhook post; posting it again updates the same record).
    const receipts: CreatedSubscription[] = [];
    scenarios.push(
      await each('receipt (RevenueCat)', paid, {
        request: (subscription) => ({
          method: 'POST',
          path: '/revenuecat/v1/receipts',
          headers: { ...json, authorization: `Bearer ${LOCAL_REVENUECAT_SECRET_KEY}`, 'x-platform': 'stripe' },
          body: JSON.stringify({ app_user_id: subscription.userId, fetch_token: subscription.subscriptionId }),
        }),
        onAnswer: (body, subscription) => {
          const document = z.object({ subscriber: z.object({ subscriptions: z.record(z.string(), z.unknown()) }) }).safeParse(parseJson(body));
          if (!document.success || Object.keys(document.data.subscriber.subscriptions).length === 0) return false;
          receipts.push(subscription);
          return true;
        },
      }),
    );

    // (i) Collector posts: one page view per request, as the browser tracker sends them (POST, buffer 1).
    const events: string[] = [];
    const posted = new WeakMap<object, string>();
    scenarios.push(
      await run('collector post (Snowplow)', {
        request: (context) => {
          const eventId = crypto.randomUUID();
          posted.set(context, eventId);
          return {
            method: 'POST',
            path: '/com.snowplowanalytics.snowplow/tp2',
            headers: { 'content-type': 'application/json; charset=UTF-8' },
            body: JSON.stringify(pageView(eventId)),
          };
        },
        onAnswer: (body, context) => {
          const eventId = posted.get(context);
          if (body !== 'ok' || eventId === undefined) return false;
          events.push(eventId);
          return true;
        },
      }),
    );

    // The count only means something once the stack has let go of the files: stop it cleanly (as
    // SIGTERM does), then read the same data directory. A stack that died under the load fails here.
    if (stack.process.exitCode !== null || stack.process.signalCode !== null) {
      stopped = true;
      throw new Error(`the local stack exited during the load run (${stack.process.exitCode ?? stack.process.signalCode})`);
    }
    const peakRssMb = peakResidentMb(stack.process.pid);
    await stack.stop();
    stopped = true;
    const db = await openDatabase({ dataDir, databaseUrl });
    let lostWrites: string[];
    try {
      lostWrites = await findLostWrites(db, { users, profiles, subscriptions, paid, receipts, events });
    } finally {
      await db.close();
    }
    return {
      database: databaseUrl === undefined ? 'PGlite' : 'PostgreSQL',
      scenarios,
      accepted: { users: users.length, profiles: profiles.length, subscriptions: subscriptions.length, payments: paid.length, receipts: receipts.length, events: events.length },
      lostWrites,
      cores: cpus().length,
      peakRssMb,
      loadBefore,
      loadAfter: loadavg(),
    };
  } finally {
    if (!stopped) await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bench's printout: one line per scenario, the accepted writes and the lost-write verdict. */
export function formatLoadBench(result: LoadBenchResult, options: Pick<LoadBenchOptions, 'seconds' | 'connections'>): string {
  const load = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' ');
  const cell = (value: number) => value.toFixed(1).padStart(8);
  const lines = [
    `Load on the local stack (compiled server, ${result.database}, loopback; autocannon, ${options.connections} connections, ${options.seconds} s per open-ended scenario;`,
    ` ${result.cores} cores, load average ${load(result.loadBefore)} before, ${load(result.loadAfter)} after)`,
    '',
    `  ${'scenario'.padEnd(40)}${'requests'.padStart(9)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'p99 ms'.padStart(8)}  non-2xx / errors`,
  ];
  for (const s of result.scenarios) {
    const non2xx = Object.entries(s.non2xx).map(([status, count]) => `${count}x${status}`).join(' ') || '0';
    const wrong = s.wrongAnswers > 0 ? `, ${s.wrongAnswers} wrong 2xx bodies` : '';
    lines.push(`  ${s.name.padEnd(40)}${String(s.requests).padStart(9)}${cell(s.perSecond)}${cell(s.p50Ms)}${cell(s.p95Ms)}${cell(s.p99Ms)}  ${non2xx} / ${s.errors}${wrong}`);
  }
  const a = result.accepted;
  lines.push(
    '',
    `  stack process peak memory: ${result.peakRssMb === undefined ? 'not known here' : `${result.peakRssMb.toFixed(0)} MB resident`}`,
    `  accepted writes: ${a.users} users, ${a.profiles} profiles, ${a.subscriptions} subscriptions, ${a.payments} payments, ${a.receipts} receipts, ${a.events} events`,
    `  lost writes: ${result.lostWrites.length}${result.lostWrites.length === 0 ? ' (each one looked up in the database after a clean stop)' : ''}`,
    ...result.lostWrites.slice(0, 20).map((lost) => `    ${lost}`),
  );
  if (result.lostWrites.length > 20) lines.push(`    ... and ${result.lostWrites.length - 20} more`);
  return lines.join('\n');
}

/**
 * What fails the bench: a lost or half-written write, a 5xx (load alone must not break a request), a
 * 2xx whose body was wrong, or a scenario that accepted nothing. Timeouts and 4xx are reported only.
 */
export function loadBenchFailures(result: LoadBenchResult): string[] {
  return [
    ...(result.lostWrites.length > 0 ? [`${result.lostWrites.length} lost writes`] : []),
    ...result.scenarios.flatMap((s) => {
      const serverErrors = Object.entries(s.non2xx).filter(([status]) => status.startsWith('5')).reduce((sum, [, count]) => sum + count, 0);
      const accepted = s.requests - Object.values(s.non2xx).reduce((sum, count) => sum + count, 0) - s.wrongAnswers;
      return [
        ...(serverErrors > 0 ? [`${s.name}: ${serverErrors} server errors`] : []),
        ...(s.wrongAnswers > 0 ? [`${s.name}: ${s.wrongAnswers} wrong answers`] : []),
        ...(accepted <= 0 ? [`${s.name}: nothing accepted`] : []),
      ];
    }),
  ];
}

interface SignedUp {
  readonly id: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

interface CreatedSubscription {
  readonly userId: string;
  readonly subscriptionId: string;
  readonly paymentIntentId: string;
}

interface OutgoingRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

const json = { 'content-type': 'application/json' };

const sessionBody = z.object({ access_token: z.string(), refresh_token: z.string(), user: z.object({ id: z.string() }) });

interface Runner {
  /** Open-ended for `seconds` (default: the bench's). */
  readonly run: (name: string, scenario: OpenScenario, seconds?: number) => Promise<ScenarioResult>;
  /** One request per item; ends after the last. */
  readonly each: <Item>(name: string, items: readonly Item[], scenario: ItemScenario<Item>) => Promise<ScenarioResult>;
}

/**
 * The context is autocannon's per-connection object: with one request in flight per connection, what
 * a request stored under it is what its answer belongs to. `onAnswer` gets each 2xx body and says
 * false when it is not the expected answer (counted as wrong, not accepted).
 */
interface OpenScenario {
  readonly request: (context: object) => OutgoingRequest;
  readonly onAnswer: (body: string, context: object) => boolean;
}

interface ItemScenario<Item> {
  readonly request: (item: Item) => OutgoingRequest;
  readonly onAnswer: (body: string, item: Item) => boolean;
}

/**
 * Runs scenarios with autocannon and measures them. Latencies come from autocannon's per-response
 * event (its summary has no p95); requests per second are answers over the wall time of the run.
 */
function runner(base: string, options: LoadBenchOptions): Runner {
  const cannon = async (name: string, amount: number | undefined, scenario: OpenScenario, seconds = options.seconds): Promise<ScenarioResult> => {
    let wrongAnswers = 0;
    const latencies: number[] = [];
    const started = performance.now();
    let finish: (result: autocannon.Result) => void = () => undefined;
    let fail: (error: unknown) => void = () => undefined;
    const done = new Promise<autocannon.Result>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
    const instance = autocannon(
      {
        url: base,
        connections: amount === undefined ? options.connections : Math.min(options.connections, amount),
        ...(amount === undefined ? { duration: seconds } : { amount }),
        timeout: 10,
        requests: [
          {
            setupRequest: (request, context) => {
              const outgoing = scenario.request(context);
              return { ...request, ...outgoing, headers: { ...outgoing.headers } };
            },
            onResponse: (status, body, context) => {
              if (status >= 200 && status < 300 && !scenario.onAnswer(body, context)) wrongAnswers += 1;
            },
          },
        ],
      },
      (error: unknown, result) => (error === null || error === undefined ? finish(result) : fail(error)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    // Per-item scenarios stop at their last item; this keeps a stalled one bounded as well.
    const limit = setTimeout(() => instance.stop(), seconds * 2 * 1000);
    const result = await done.finally(() => clearTimeout(limit));
    const elapsed = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    // Nearest rank: the smallest latency that at least q of the requests did not exceed.
    const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;
    const non2xx = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).flatMap(([status, stats]) => (status.startsWith('2') || (stats.count ?? 0) === 0 ? [] : [[status, stats.count ?? 0]])),
    );
    return { name, requests: latencies.length, perSecond: latencies.length / elapsed, p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99), non2xx, errors: result.errors, wrongAnswers };
  };
  return {
    run: (name, scenario, seconds) => cannon(name, undefined, scenario, seconds),
    each: async (name, items, { request, onAnswer }) => {
      if (items.length === 0) return { name, requests: 0, perSecond: 0, p50Ms: NaN, p95Ms: NaN, p99Ms: NaN, non2xx: {}, errors: 0, wrongAnswers: 0 };
      const inFlight = new WeakMap<object, (typeof items)[number]>();
      let next = 0;
      return cannon(name, items.length, {
        request: (context) => {
          // autocannon sends `amount` requests and builds one per send, so this never runs past the end.
          const item = items[next++];
          if (item === undefined) throw new Error(`${name}: asked for request ${next} of ${items.length}`);
          inFlight.set(context, item);
          return request(item);
        },
        onAnswer: (body, context) => {
          const item = inFlight.get(context);
          return item !== undefined && onAnswer(body, item);
        },
      });
    },
  };
}

/** A distinct client address per call (TEST-NET and 10/8 style), so per-IP auth limits count visitors. */
function visitorAddresses(): () => string {
  let n = 0;
  return () => {
    n += 1;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
}

/** VmHWM from /proc (Linux): the most memory the process held at once. */
function peakResidentMb(pid: number | undefined): number | undefined {
  const status = `/proc/${pid ?? 0}/status`;
  if (pid === undefined || !existsSync(status)) return undefined;
  const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(status, 'utf8'))?.[1];
  return kb === undefined ? undefined : Number(kb) / 1024;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** A profile as engine/profile-from-answers.ts builds it from a finished questionnaire. */
function profileRow(userId: string) {
  return {
    user_id: userId,
    age_in_years: 34,
    achieve_results: 'moderate',
    primary_nutrition_goal: 'loseWeight',
    activity_level: 'moderate',
    height_in_cm: 170,
    is_female: true,
    is_using_metric: true,
    weight_in_kg: 72.5,
    goal_weight_in_kg: 65,
  };
}

function pageView(eventId: string) {
  return {
    schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
    data: [{ e: 'pv', eid: eventId, tv: 'js-4.10.1', p: 'web', aid: 'nutrition-funnel', dtm: String(Date.now()), url: 'http://localhost/onboarding/gender' }],
  };
}

interface Accepted {
  readonly users: readonly SignedUp[];
  readonly profiles: readonly string[];
  readonly subscriptions: readonly CreatedSubscription[];
  readonly paid: readonly CreatedSubscription[];
  readonly receipts: readonly CreatedSubscription[];
  readonly events: readonly string[];
}

/**
 * Looks every accepted write up in the store, by id, in the tables each service keeps it in: GoTrue's
 * auth.users, public.profiles, the Stripe emulator's objects with the user's customer mapping (a
 * subscription without it is half a purchase), RevenueCat's subscriptions and Snowplow's good events.
 */
async function findLostWrites(db: Queryable, accepted: Accepted): Promise<string[]> {
  const present = async (sql: string, ids: readonly string[]) => new Set((await db.query<{ id: string }>(sql, [ids])).rows.map((row) => row.id));
  const missing = (kind: string, ids: readonly string[], found: ReadonlySet<string>) => ids.filter((id) => !found.has(id)).map((id) => `${kind} ${id}: not in the database`);

  const userIds = accepted.users.map((user) => user.id);
  const users = await present('select id::text as id from auth.users where id = any($1::uuid[])', userIds);
  const profiles = await present('select user_id::text as id from public.profiles where user_id = any($1::uuid[])', accepted.profiles);
  const events = await present('select event_id as id from atomic.events where event_id = any($1::text[])', accepted.events);

  const subscriptionRows = await db.query<{ id: string; customer: string | null; metadata_user: string | null; mapped_user: string | null }>(
    `select o.id, o.data ->> 'customer' as customer, o.data -> 'metadata' ->> 'user_id' as metadata_user, c.user_id::text as mapped_user
       from stripe.objects o left join public.stripe_customers c on c.customer_id = o.data ->> 'customer'
      where o.object = 'subscription' and o.id = any($1::text[])`,
    [accepted.subscriptions.map((s) => s.subscriptionId)],
  );
  const subscriptions = new Map(subscriptionRows.rows.map((row) => [row.id, row]));
  const halfPurchases = accepted.subscriptions.flatMap(({ subscriptionId, userId }) => {
    const row = subscriptions.get(subscriptionId);
    if (row === undefined) return [];
    if (row.mapped_user === null) return [`subscription ${subscriptionId}: its customer ${row.customer ?? '(none)'} has no mapping to a user`];
    if (row.mapped_user !== userId || row.metadata_user !== userId) return [`subscription ${subscriptionId}: belongs to ${row.mapped_user}, created for ${userId}`];
    return [];
  });

  const payments = await present(
    "select id from stripe.objects where object = 'payment_intent' and data ->> 'status' = 'succeeded' and id = any($1::text[])",
    accepted.paid.map((s) => s.paymentIntentId),
  );
  const receipts = await present(
    "select app_user_id || '/' || store_transaction_id as id from revenuecat.subscriptions where store = 'stripe' and store_transaction_id = any($1::text[])",
    accepted.receipts.map((s) => s.subscriptionId),
  );

  return [
    ...missing('user', userIds, users),
    ...missing('profile of', accepted.profiles, profiles),
    ...missing('subscription', accepted.subscriptions.map((s) => s.subscriptionId), new Set(subscriptions.keys())),
    ...halfPurchases,
    ...missing('paid PaymentIntent', accepted.paid.map((s) => s.paymentIntentId), payments),
    ...missing('receipt (user/subscription)', accepted.receipts.map((s) => `${s.userId}/${s.subscriptionId}`), receipts),
    ...missing('event', accepted.events, events),
  ];
}
