import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { LOCAL_STRIPE_SECRET_KEY } from '../server/config';
import { startLocalStack } from './start-local-stack';

export interface CallTiming {
  readonly name: string;
  readonly count: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
}

/**
 * Requests per second and latency of the emulator's two hottest calls, through the stripe SDK over
 * HTTP against the compiled server (what `npm start` runs), one request at a time as a checkout does:
 * `subscriptions.create` as create-stripe-subscription sends it, then confirming each one's
 * PaymentIntent with a test card.
 */
export async function stripeEmulatorBench(root: string, distDir: string, count: number): Promise<CallTiming[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-stripe-'));
  const stack = await startLocalStack(root, { PORT: '0', DATA_DIR: dataDir, DIST_DIR: distDir });
  try {
    const url = new URL(stack.url);
    const stripe = new Stripe(LOCAL_STRIPE_SECRET_KEY, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
    const [price] = (await stripe.prices.list({ lookup_keys: ['w-intro'] })).data;
    if (price === undefined) throw new Error('the seeded catalogue has no w-intro price');
    const customer = await stripe.customers.create({ email: 'bench@example.com' });
    const intents: string[] = [];
    const create = await timed('subscriptions.create', count, async () => {
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        currency: 'eur',
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
        expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
      });
      const invoice = subscription.latest_invoice;
      const intent = typeof invoice === 'object' && invoice !== null ? invoice.payments?.data[0]?.payment.payment_intent : undefined;
      if (typeof intent !== 'string') throw new Error('subscription without a PaymentIntent');
      intents.push(intent);
    });
    let next = 0;
    const confirm = await timed('payment_intents confirm', count, async () => {
      const intent = intents[next++] ?? '';
      const confirmed = await stripe.paymentIntents.confirm(intent, { payment_method: 'pm_card_visa', return_url: 'http://localhost/done' });
      if (confirmed.status !== 'succeeded') throw new Error(`confirm ended ${confirmed.status}`);
    });
    return [create, confirm];
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function timed(name: string, count: number, call: () => Promise<void>): Promise<CallTiming> {
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    await call();
    latencies.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { name, count, perSecond: count / seconds, p50Ms: at(0.5), p95Ms: at(0.95) };
}
