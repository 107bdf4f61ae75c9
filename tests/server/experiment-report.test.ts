import { readFileSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import type Stripe from 'stripe';
import { createStripeClient } from '../../supabase/functions/_shared/stripe-client';
import { payLatestInvoice } from '../support/pay-latest-invoice';
import { signedUpUsers } from './support/signed-up-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledExperiment } from '../../engine/experiments/compile-experiment';
import type { ExperimentCounts } from '../../engine/experiments/experiment-counts';
import { experimentReport } from '../../engine/experiments/experiment-report';
import { experimentReportSchema } from '../../engine/experiments/experiment-report-schema';
import { experimentCli, stackCounts } from '../../engine/cli/experiment-cli';
import { experimentCounts, experimentCountsSql } from '../../server/experiments/experiment-counts';
import { reportExperiments } from '../../server/experiments/report-experiments';
import { repoRoot } from '../../server/repo-root';
import type { PostgresCluster } from './support/postgres-cluster';
import { startPostgresCluster } from './support/postgres-cluster';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

const EXPOSURE = 'iglu:com.nutritionfunnel/experiment_exposure/jsonschema/1-0-0';
const root = repoRoot(import.meta.url);

let cluster: PostgresCluster | undefined;
const backends = [
  { name: 'PGlite', databaseUrl: async (): Promise<string | undefined> => undefined },
  {
    name: 'PostgreSQL',
    async databaseUrl(): Promise<string | undefined> {
      cluster = await startPostgresCluster();
      return cluster.createDatabase('experiment_report');
    },
  },
];

/** experiments/cc-feedback-redesign.yaml as the stack compiles it (started 2026-11-02, 14 days, EUR). */
function experiment(): CompiledExperiment {
  const found = reportExperiments(root).find((e) => e.id === 'cc-feedback-redesign');
  if (found === undefined) throw new Error('experiments/cc-feedback-redesign.yaml is missing');
  return found;
}

const at = (iso: string) => Date.parse(iso);
const exposure = (visitor: string, variant: string, when: string, experimentId = 'cc-feedback-redesign') => ({
  e: 'ue',
  eid: crypto.randomUUID(),
  tv: 'js-4.10.1',
  p: 'web',
  dtm: String(at(when)),
  ue_pr: JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0', data: { schema: EXPOSURE, data: { experiment: experimentId, variant, visitor_id: visitor } } }),
});

for (const backend of backends) {
  describe(`the experiment report's SQL and page on ${backend.name}`, () => {
    let server: TestServer;
    beforeAll(async () => {
      const databaseUrl = await backend.databaseUrl();
      server = await startTestServer(databaseUrl === undefined ? {} : { databaseUrl });
    });
    afterAll(async () => {
      await server.close();
      cluster?.stop();
    });

    const collect = async (events: readonly Record<string, string>[]) => {
      const response = await fetch(`${server.url}/com.snowplowanalytics.snowplow/tp2`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=UTF-8' },
        body: JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4', data: events }),
      });
      expect(response.status).toBe(200);
    };
    /** A user signed up through auth with the visitor id in the metadata, as the sign-up screen does. */
    const signUp = async (visitor: string, assignedVariant?: string): Promise<string> => {
      const client = createClient(server.url, server.apiKeys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
      const assignment = assignedVariant === undefined ? {} : { experiment_id: 'cc-feedback-redesign', experiment_variant: assignedVariant };
      const { data, error } = await client.auth.signUp({ email: `${visitor}-${backend.name}@example.com`, password: 'correct horse battery', options: { data: { confidence_visitor_id: visitor, ...assignment } } });
      if (error !== null || data.user === null) throw error ?? new Error('no user');
      return data.user.id;
    };
    let key = 0;
    const pay = async (userId: string, kind: string, amount: number, currency: string, when: string) => {
      key += 1;
      await server.db.query('insert into public.payment_events (key, user_id, subscription_id, kind, amount, currency, occurred_at) values ($1, $2, $3, $4, $5, $6, $7)', [
        `evt_${key}`, userId, `sub_${userId}`, kind, amount, currency, new Date(at(when)).toISOString(),
      ]);
    };

    it('joins exposures to sign-ups and payments: the counts the statistics read, by hand', async () => {
      await collect([
        exposure('v-a', 'baseline', '2026-11-10T10:00:00Z'),
        exposure('v-b', 'baseline', '2026-11-10T11:00:00Z'),
        exposure('v-c', 'baseline', '2026-11-10T12:00:00Z'),
        exposure('v-d', 'feedback-v1', '2026-11-10T10:00:00Z'),
        // e's first exposure counts; a later one (another tab after clearing storage) does not move them.
        exposure('v-e', 'feedback-v1', '2026-11-10T10:00:00Z'),
        exposure('v-e', 'feedback-v2', '2026-11-11T10:00:00Z'),
        exposure('v-h', 'feedback-v2', '2026-11-10T10:00:00Z'),
        // k's device clock runs a day fast: the collector's time stands for the exposure.
        exposure('v-k', 'feedback-v2', new Date(Date.now() + 86_400_000).toISOString()),
        // Before the start, and another experiment: not counted.
        exposure('v-f', 'feedback-v2', '2026-11-01T10:00:00Z'),
        exposure('v-g', 'baseline', '2026-11-10T10:00:00Z', 'another-experiment'),
      ]);
      const [a, b, d, e, f, h, k] = await Promise.all(['v-a', 'v-b', 'v-d', 'v-e', 'v-f', 'v-h', 'v-k'].map((visitor) => signUp(visitor)));
      if (a === undefined || b === undefined || d === undefined || e === undefined || f === undefined || h === undefined || k === undefined) throw new Error('sign-up failed');
      // a: paid 10 EUR, refunded within 14 days: paid, refunded, net 0.
      await pay(a, 'subscription_created', 0, 'eur', '2026-11-10T10:20:00Z');
      await pay(a, 'first_payment', 10, 'eur', '2026-11-10T10:30:00Z');
      await pay(a, 'refund', 10, 'eur', '2026-11-12T09:00:00Z');
      // b: a declined card, then 19.99 USD: 19.99 / 1.085 EUR.
      await pay(b, 'payment_failed', 19.99, 'usd', '2026-11-10T11:10:00Z');
      await pay(b, 'first_payment', 19.99, 'usd', '2026-11-10T11:12:00Z');
      // d: 39.99 EUR; the renewal and a refund 18 days after the exposure fall outside the 14-day window.
      await pay(d, 'first_payment', 39.99, 'eur', '2026-11-11T10:00:00Z');
      await pay(d, 'renewal', 39.99, 'eur', '2026-11-30T10:00:00Z');
      await pay(d, 'refund', 5, 'eur', '2026-11-28T10:00:00Z');
      // e: paid 25 days after the exposure: not within the window.
      await pay(e, 'first_payment', 9.99, 'eur', '2026-12-05T10:00:00Z');
      // f: exposed before the start; h: only a failed payment.
      await pay(f, 'first_payment', 9.99, 'eur', '2026-11-10T10:00:00Z');
      await pay(h, 'payment_failed', 9.99, 'eur', '2026-11-10T10:05:00Z');
      await pay(k, 'first_payment', 9.99, 'eur', new Date(Date.now() + 3_600_000).toISOString());

      const revenueOfB = 19.99 / 1.085;
      const counts = await experimentCounts(server.db, experimentCountsSql(root), experiment(), new Date('2026-11-12T02:00:00Z'));
      const expected: ExperimentCounts = {
        variants: [
          { variant: 'baseline', exposed: 3, signedUp: 2, paid: 2, refunded: 1, paymentAttempted: 2, paymentFailed: 1, revenue: { sum: expect.closeTo(revenueOfB, 6), sumOfSquares: expect.closeTo(revenueOfB ** 2, 5) } },
          { variant: 'feedback-v1', exposed: 2, signedUp: 2, paid: 1, refunded: 0, paymentAttempted: 1, paymentFailed: 0, revenue: { sum: expect.closeTo(39.99, 6), sumOfSquares: expect.closeTo(39.99 ** 2, 5) } },
          { variant: 'feedback-v2', exposed: 2, signedUp: 2, paid: 1, refunded: 0, paymentAttempted: 2, paymentFailed: 1, revenue: { sum: expect.closeTo(9.99, 6), sumOfSquares: expect.closeTo(9.99 ** 2, 5) } },
        ],
        unexposed: { signedUp: 0, paid: 0 },
        elapsedDays: 10.0833,
      };
      expect({ ...counts, elapsedDays: Math.round(counts.elapsedDays * 10_000) / 10_000 }).toEqual(expected);

      // The JSON and the page read the same join; the JSON is the stable schema and the engine's report.
      const json: unknown = await (await fetch(`${server.url}/_dev/experiments/cc-feedback-redesign/api/report`)).json();
      const report = experimentReportSchema.parse(json);
      // The stack reads at its own clock: the traffic rate is compared to the engine's at the same days, loosely.
      const engine = experimentReport(experiment().plan, counts);
      const elapsed = (Date.now() - at('2026-11-02T00:00:00Z')) / 86_400_000;
      expect(report).toEqual({ ...engine, progress: { ...engine.progress, visitorsPerDay: expect.closeTo(7 / elapsed, 4), daysRemaining: expect.closeTo((43_624 - 7) / (7 / elapsed), -2) } });

      const page = await fetch(`${server.url}/_dev/experiments/cc-feedback-redesign`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<h2 id="verdict">Keep running</h2>');
      expect(html).toContain('Keep running: no variant is surely better yet, and one still could be.');
      // baseline: 2 of 3 paid, Wilson 95 % [20.8 %, 93.9 %]; feedback-v1 minus baseline: -16.7 points.
      expect(html).toContain('66.7 % <span class="ci">[20.8 %, 93.9 %]</span>');
      expect(html).toContain('-16.7 pt <span class="ci">[');
      expect(html).toMatch(/<svg class="plot"[^>]*role="img" aria-label="feedback-v1 minus baseline, paid conversion: -16.7 pt from/);
      expect(html).toContain('7 of 43624 visitors');

      // npm run report:experiment and npm run experiment -- plan read the same counts from the stack.
      const out: string[] = [];
      const cli = (argv: readonly string[]) => experimentCli(argv, { root, counts: stackCounts(server.url), write: (line) => out.push(line) });
      expect(await cli(['report', 'cc-feedback-redesign', '--json'])).toBe(0);
      expect(experimentReportSchema.parse(JSON.parse(out.join('\n'))).variants.map((v) => [v.variant, v.exposed, v.metrics['paid-conversion'].units])).toEqual([
        ['baseline', 3, 3],
        ['feedback-v1', 2, 2],
        ['feedback-v2', 2, 2],
      ]);
      out.length = 0;
      expect(await cli(['plan', 'cc-feedback-redesign'])).toBe(0);
      expect(out).toContain(`  ${'feedback-v1'.padEnd(16)}${'v1'.padEnd(10)}${'14396'.padStart(10)}${'2'.padStart(10)}`);
    });

    it('counts sign-ups assigned a variant whose exposure was lost, and then says not to trust the report', async () => {
      await collect([exposure('v-m', 'feedback-v1', new Date().toISOString())]);
      // m was assigned and exposed; n and o were assigned but their exposure never arrived (n paid within
      // the window); p has no assignment (a fallback); q was assigned in another experiment.
      const n = await signUp('v-n', 'baseline');
      await Promise.all([signUp('v-m', 'feedback-v1'), signUp('v-o', 'feedback-v2'), signUp('v-p')]);
      const client = createClient(server.url, server.apiKeys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
      await client.auth.signUp({ email: `v-q-${backend.name}@example.com`, password: 'correct horse battery', options: { data: { confidence_visitor_id: 'v-q', experiment_id: 'another-experiment', experiment_variant: 'baseline' } } });
      await pay(n, 'first_payment', 9.99, 'eur', new Date(Date.now() + 3_600_000).toISOString());
      await pay(n, 'renewal', 9.99, 'eur', new Date(Date.now() + 15 * 86_400_000).toISOString());

      const counts = await experimentCounts(server.db, experimentCountsSql(root), experiment(), new Date());
      expect(counts.unexposed).toEqual({ signedUp: 2, paid: 1 });
      const report = experimentReportSchema.parse(await (await fetch(`${server.url}/_dev/experiments/cc-feedback-redesign/api/report`)).json());
      expect(report.verdict.kind).toBe('do-not-trust');
      expect(report.exposureProblems).toContainEqual({ kind: 'unexposed-outcomes', outcome: 'signedUp', share: expect.closeTo(2 / (2 + 7), 6) });
    });

    it('keeps an exposure without its visitor id in bad, and answers 404 for an unknown experiment', async () => {
      const broken = exposure('v-x', 'baseline', '2026-11-10T10:00:00Z');
      broken.ue_pr = broken.ue_pr.replace(',"visitor_id":"v-x"', '');
      await collect([broken]);
      const bad = (await (await fetch(`${server.url}/micro/bad`)).json()) as unknown[];
      expect(JSON.stringify(bad)).toContain('visitor_id');
      expect((await fetch(`${server.url}/_dev/experiments/nope/api/report`)).status).toBe(404);
      const index = await fetch(`${server.url}/_dev/experiments/nope`);
      expect(index.status).toBe(404);
      expect(await index.text()).toContain('href="/_dev/experiments/cc-feedback-redesign"');
    });
  });
}

describe('payment events, from the Stripe webhook only', () => {
  let server: TestServer;
  let stripe: Stripe;
  const user = signedUpUsers(() => server);
  beforeAll(async () => {
    server = await startTestServer();
    stripe = createStripeClient({ secretKey: server.config.stripeApiKey, apiUrl: server.url });
  });
  afterAll(() => server.close());

  const eventsOf = async (userId: string) =>
    (await server.db.query<{ kind: string; amount: string; currency: string; subscription_id: string }>('select kind, amount::text, currency, subscription_id from public.payment_events where user_id = $1 order by kind', [userId])).rows;
  async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 10_000;
    let value = await read();
    while (!accept(value) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      value = await read();
    }
    return value;
  }

  it('records the subscription, its first payment and its refund as Stripe delivers them, once each', async () => {
    const { client, id } = await user('payment-events@example.com');
    const [price] = (await stripe.prices.list({ lookup_keys: ['w-intro'], active: true })).data;
    if (price === undefined) throw new Error('the seeded catalogue has no w-intro price');
    const { data, error } = await client.functions.invoke<{ data: { subscriptionId: string } }>('create-stripe-subscription', { body: { priceId: price.id, currency: 'eur', email: 'ignored@example.com' } });
    if (error !== null || data === null) throw error ?? new Error('no subscription');
    const { subscriptionId } = data.data;
    expect((await payLatestInvoice(stripe, subscriptionId)).status).toBe('succeeded');
    const paid = await eventually(() => eventsOf(id), (rows) => rows.some((row) => row.kind === 'first_payment'));
    const amount = ((price.unit_amount ?? 0) / 100).toFixed(2);
    expect(paid.map(({ kind, amount: value, currency }) => ({ kind, amount: Number(value).toFixed(2), currency }))).toEqual([
      { kind: 'first_payment', amount, currency: 'eur' },
      { kind: 'subscription_created', amount: '0.00', currency: 'eur' },
    ]);
    expect(new Set(paid.map((row) => row.subscription_id))).toEqual(new Set([subscriptionId]));

    const invoice = await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', expand: ['data.payments'] });
    const intent = invoice.data[0]?.payments?.data[0]?.payment.payment_intent;
    await stripe.refunds.create({ payment_intent: typeof intent === 'string' ? intent : (intent?.id ?? '') });
    const refunded = await eventually(() => eventsOf(id), (rows) => rows.some((row) => row.kind === 'refund'));
    expect(refunded.filter((row) => row.kind === 'refund').map((row) => Number(row.amount).toFixed(2))).toEqual([amount]);
  });
});

describe('the documented SQL', () => {
  it('is the file the stack runs', () => {
    const docs = readFileSync('docs/experiments.md', 'utf8');
    const sql = experimentCountsSql(root);
    expect(docs).toContain(sql.counts.trim());
    expect(docs).toContain(sql.unexposed.trim());
  });
});
