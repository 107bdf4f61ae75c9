import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experimentCountsSchema } from '../../engine/experiments/experiment-counts';
import { assertLoopback, runDemoTraffic } from '../../scripts/demo-traffic';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

// npm run demo:traffic against an in-process stack: every simulated visitor goes through the flag, the
// collector, auth, the payment function, the Stripe emulator and its webhook, and the report's counts
// are exactly what the simulation did.
describe('demo traffic', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('sends bounded simulated visitors through the real stack, and the report counts each of them', async () => {
    const tallies = await runDemoTraffic({
      base: server.url,
      visitors: 40,
      seconds: 120,
      seed: 7,
      experiment: { id: 'cc-feedback-redesign', flag: 'cc-feedback-redesign', variants: ['baseline', 'feedback-v1', 'feedback-v2'] },
      anonKey: server.apiKeys.anonKey,
      stripeKey: server.config.stripeApiKey,
      concurrency: 2,
    });
    const total = (pick: (t: (typeof tallies)[string]) => number) => Object.values(tallies).reduce((sum, t) => sum + pick(t), 0);
    expect(total((t) => t.visitors)).toBe(40);
    // The seed gives some of each outcome, so the comparison below covers every count.
    expect(total((t) => t.paid)).toBeGreaterThan(0);
    expect(total((t) => t.failed)).toBeGreaterThan(0);
    expect(total((t) => t.refunded)).toBeGreaterThan(0);

    // The webhook's deliveries run in the background: wait until the emulator has none pending.
    const pending = async () => (await server.db.query<{ n: number }>("select count(*)::int as n from stripe.webhook_deliveries where status = 'pending'")).rows[0]?.n;
    await expect.poll(pending, { timeout: 20_000 }).toBe(0);

    const counts = experimentCountsSchema.parse(await (await fetch(`${server.url}/_dev/experiments/cc-feedback-redesign/api/counts`)).json());
    expect(
      counts.variants.map((v) => ({ variant: v.variant, visitors: v.exposed, signedUp: v.signedUp, attempted: v.paymentAttempted, paid: v.paid, failed: v.paymentFailed, refunded: v.refunded })),
    ).toEqual(
      ['baseline', 'feedback-v1', 'feedback-v2'].map((variant) => ({ variant, ...(tallies[variant] ?? { visitors: 0, signedUp: 0, attempted: 0, paid: 0, failed: 0, refunded: 0 }) })),
    );
  }, 120_000);

  it('goes to this machine only, and refuses unbounded runs', async () => {
    expect(() => assertLoopback('https://example.com')).toThrow('demo traffic goes to this machine only, not example.com');
    expect(() => assertLoopback('http://127.0.0.1:3000')).not.toThrow();
    const options = { base: server.url, seconds: 10, seed: 1, experiment: { id: 'x', flag: 'x', variants: [] }, anonKey: '', stripeKey: '' };
    await expect(runDemoTraffic({ ...options, visitors: 10_001 })).rejects.toThrow('--visitors must be 1 to 10000');
    await expect(runDemoTraffic({ ...options, visitors: 1, seconds: 3601 })).rejects.toThrow('--seconds must be above 0 and at most 3600');
  });
});
