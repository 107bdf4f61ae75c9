import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { z } from 'zod';
import { createApiKeys } from '../server/api-keys';
import { loadServerConfig } from '../server/config';
import { reportExperiments } from '../server/experiments/report-experiments';
import { LOCAL_CONFIDENCE_CLIENT_SECRET } from '../services/flags/flag-settings';

/**
 * `npm run demo:traffic -- [--visitors 2000] [--seconds 600] [--seed 29] [--experiment <id>]`: simulated
 * visitors through the running local stack (LOCAL_STACK_URL, default http://localhost:3000; loopback
 * only; started with AUTH_RATE_LIMIT_HEADER=x-forwarded-for so that each visitor's sign-up counts alone), each as the app would: the flag resolved by the stack's Confidence resolver, the exposure sent to
 * the collector, some sign up (auth, with the visitor id in the metadata), some of those pay with a test
 * card through create-stripe-subscription and the Stripe emulator (some declined), a few are refunded.
 * The money reaches public.payment_events through the emulator's webhook, as in production. Planted
 * difference: a card payment succeeds for 95 % of the tries in the experiment's second compared variant
 * and 35 % in the others, so /_dev/experiments/<id> shows it. Bounded by count and wall time.
 */
export interface DemoTrafficOptions {
  readonly base: string;
  readonly visitors: number;
  /** Wall-time budget: no new visitor starts after it. */
  readonly seconds: number;
  readonly seed: number;
  readonly experiment: { readonly id: string; readonly flag: string; readonly variants: readonly string[] };
  readonly anonKey: string;
  readonly stripeKey: string;
  readonly concurrency?: number;
  readonly log?: (line: string) => void;
}

export interface DemoTally {
  visitors: number;
  signedUp: number;
  attempted: number;
  paid: number;
  failed: number;
  refunded: number;
}

/** The planted funnel: shares of visitors who sign up, of those who try to pay, of payers refunded. */
export const demoFunnel = { signUp: 0.4, tryToPay: 0.7, refund: 0.1, payWins: 0.95, payOthers: 0.35 } as const;

const maxVisitors = 10_000;
const maxSeconds = 3600;

/** Refuses anything but this machine: the demo signs up users and pays with test cards. */
export function assertLoopback(base: string): void {
  const host = new URL(base).hostname;
  if (!['localhost', '127.0.0.1', '[::1]', '::1'].includes(host)) throw new Error(`demo traffic goes to this machine only, not ${host}`);
}

/** A small seeded generator (mulberry32): the same seed gives the same visitors' choices. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sessionSchema = z.object({ access_token: z.string(), user: z.object({ id: z.string() }) });
const subscriptionSchema = z.object({ data: z.object({ subscriptionId: z.string(), clientSecret: z.string() }) });
const pricesSchema = z.object({ data: z.array(z.object({ id: z.string(), lookup_key: z.string().nullable() })) });
const resolveSchema = z.object({ resolvedFlags: z.array(z.object({ value: z.object({ variant: z.string() }) })).min(1) });

export async function runDemoTraffic(options: DemoTrafficOptions): Promise<Readonly<Record<string, DemoTally>>> {
  assertLoopback(options.base);
  if (!(options.visitors >= 1 && options.visitors <= maxVisitors)) throw new Error(`--visitors must be 1 to ${maxVisitors}`);
  if (!(options.seconds > 0 && options.seconds <= maxSeconds)) throw new Error(`--seconds must be above 0 and at most ${maxSeconds}`);
  const base = options.base.replace(/\/$/, '');
  const log = options.log ?? (() => {});
  const stripe = (path: string, body?: Record<string, string>) =>
    fetch(`${base}/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${options.stripeKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      ...(body === undefined ? {} : { body: new URLSearchParams(body).toString() }),
    });
  const prices = pricesSchema.parse(await (await stripe('/prices?lookup_keys[]=w-intro&lookup_keys[]=y-intro&active=true')).json()).data;
  const weekly = prices.find((price) => price.lookup_key === 'w-intro')?.id;
  const yearly = prices.find((price) => price.lookup_key === 'y-intro')?.id;
  if (weekly === undefined || yearly === undefined) throw new Error('the stack has no w-intro / y-intro prices (config/stripe-catalogue.yaml)');

  const next = random(options.seed);
  const run = Date.now().toString(36);
  const winner = options.experiment.variants[1];
  const tallies: Record<string, DemoTally> = {};
  const deadline = Date.now() + options.seconds * 1000;
  let started = 0;

  async function visitor(index: number): Promise<void> {
    // Every choice drawn up front, so the concurrency does not change which visitor does what.
    const [signUp, tryToPay, pays, yearlyPlan, retries, refund] = [next(), next(), next(), next(), next(), next()];
    const visitorId = `demo-${run}-${index}`;
    const resolved = await fetch(`${base}/confidence/v1/flags:resolve`, {
      method: 'POST',
      body: JSON.stringify({ clientSecret: LOCAL_CONFIDENCE_CLIENT_SECRET, evaluationContext: { targeting_key: visitorId }, apply: true, flags: [`flags/${options.experiment.flag}`] }),
    });
    const variant = resolveSchema.parse(await resolved.json()).resolvedFlags[0]?.value.variant ?? '';
    const tally = (tallies[variant] ??= { visitors: 0, signedUp: 0, attempted: 0, paid: 0, failed: 0, refunded: 0 });
    tally.visitors += 1;
    const exposure = { schema: 'iglu:com.nutritionfunnel/experiment_exposure/jsonschema/1-0-0', data: { experiment: options.experiment.id, variant, visitor_id: visitorId } };
    const collected = await fetch(`${base}/com.snowplowanalytics.snowplow/tp2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({
        schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
        data: [{ e: 'ue', eid: crypto.randomUUID(), tv: 'demo-traffic', p: 'web', dtm: String(Date.now()), url: `${base}/onboarding?utm_campaign=demo-traffic`, ue_pr: JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0', data: exposure }) }],
      }),
    });
    if (!collected.ok) throw new Error(`the collector answered ${collected.status}`);
    if (signUp >= demoFunnel.signUp) return;

    const signedUp = await fetch(`${base}/auth/v1/signup`, {
      method: 'POST',
      // Each visitor from an address of its own, as real visitors are: a stack started with
      // AUTH_RATE_LIMIT_HEADER=x-forwarded-for limits sign-ups per visitor, not per demo.
      headers: { apikey: options.anonKey, 'content-type': 'application/json', 'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}` },
      body: JSON.stringify({ email: `${visitorId}@example.com`, password: 'correct horse battery', data: { confidence_visitor_id: visitorId, sign_up_platform: 'web', experiment_id: options.experiment.id, experiment_variant: variant } }),
    });
    if (signedUp.status === 429) throw new Error('sign-up is rate limited per address: start the stack with AUTH_RATE_LIMIT_HEADER=x-forwarded-for (docs/experiments.md, "Demo traffic")');
    const session = sessionSchema.parse(await signedUp.json());
    tally.signedUp += 1;
    if (tryToPay >= demoFunnel.tryToPay) return;

    const created = await fetch(`${base}/functions/v1/create-stripe-subscription`, {
      method: 'POST',
      headers: { apikey: options.anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ priceId: yearlyPlan < 0.3 ? yearly : weekly, currency: 'eur' }),
    });
    const { clientSecret } = subscriptionSchema.parse(await created.json()).data;
    const paymentIntent = clientSecret.split('_secret_')[0] ?? '';
    tally.attempted += 1;
    const succeeds = pays < (variant === winner ? demoFunnel.payWins : demoFunnel.payOthers);
    const confirm = (card: string) => stripe(`/payment_intents/${paymentIntent}/confirm`, { payment_method: card, return_url: `${base}/checkout/done` });
    if (!succeeds) {
      await confirm('pm_card_chargeDeclined');
      tally.failed += 1;
      // Half of the declined visitors try another card that works.
      if (retries >= 0.5) return;
    }
    const paid = await confirm('pm_card_visa');
    if (!paid.ok) throw new Error(`the test card payment failed: ${paid.status} ${await paid.text()}`);
    tally.paid += 1;
    if (refund >= demoFunnel.refund) return;
    const refunded = await stripe('/refunds', { payment_intent: paymentIntent, reason: 'requested_by_customer' });
    if (!refunded.ok) throw new Error(`the refund failed: ${refunded.status}`);
    tally.refunded += 1;
  }

  async function worker(): Promise<void> {
    while (started < options.visitors && Date.now() < deadline) {
      started += 1;
      const index = started;
      await visitor(index);
      if (index % 100 === 0) log(`${index} visitors`);
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, () => worker()));
  if (started < options.visitors) log(`stopped after ${started} visitors: the ${options.seconds} s budget is spent`);
  return tallies;
}

function flag(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const root = fileURLToPath(new URL('..', import.meta.url));
  const base = process.env.LOCAL_STACK_URL ?? 'http://localhost:3000';
  const experiments = reportExperiments(root);
  const id = flag(args, '--experiment') ?? experiments[0]?.id;
  const experiment = experiments.find((e) => e.id === id);
  if (experiment === undefined) throw new Error(`no experiment "${id ?? ''}" in experiments/`);
  // The keys of the stack started with the same environment (the published local defaults unless set).
  const config = loadServerConfig(process.env);
  const tallies = await runDemoTraffic({
    base,
    visitors: Number(flag(args, '--visitors') ?? 2000),
    seconds: Number(flag(args, '--seconds') ?? 600),
    seed: Number(flag(args, '--seed') ?? 29),
    experiment: { id: experiment.id, flag: experiment.flag, variants: experiment.plan.allocation.map((a) => a.variant) },
    anonKey: (await createApiKeys(config)).anonKey,
    stripeKey: config.stripeApiKey,
    log: (line) => console.log(line),
  });
  for (const [variant, t] of Object.entries(tallies)) {
    console.log(`${variant}: ${t.visitors} visitors, ${t.signedUp} signed up, ${t.attempted} tried to pay, ${t.paid} paid, ${t.failed} declined, ${t.refunded} refunded`);
  }
  console.log(`Report: ${base}/_dev/experiments/${experiment.id} (payments arrive through the webhook within seconds)`);
}
