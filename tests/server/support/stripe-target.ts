import Stripe from 'stripe';
import { startTestServer } from './test-server';
import type { TestServer } from './test-server';

/**
 * Where a Stripe contract test runs: real Stripe test mode when STRIPE_SECRET_KEY is set (it keeps
 * the emulator honest), otherwise the local stack's emulator. Either way the test talks only
 * through the unmodified `stripe` SDK.
 */
export interface StripeTarget {
  readonly stripe: Stripe;
  /** The local stack, when the target is the emulator. */
  readonly server: TestServer | undefined;
  readonly isEmulator: boolean;
  /** A unique suffix for lookup keys and e-mails, so runs on a real account do not collide. */
  readonly runId: string;
  close(): Promise<void>;
}

/** The SDK pointed at a running local stack. */
export function emulatorClient(server: { readonly port: number; readonly config: { readonly stripeSecretKey: string } }, key = server.config.stripeSecretKey): Stripe {
  return new Stripe(key, { host: 'localhost', port: server.port, protocol: 'http', maxNetworkRetries: 0 });
}

export async function startStripeTarget(file: string): Promise<StripeTarget> {
  const runId = Math.random().toString(36).slice(2, 10);
  const realKey = process.env.STRIPE_SECRET_KEY;
  if (realKey !== undefined && realKey !== '') {
    if (!realKey.startsWith('sk_test_') && !realKey.startsWith('rk_test_')) {
      throw new Error(`${file}: STRIPE_SECRET_KEY is not a test-mode key; the contract tests refuse to run against live mode`);
    }
    console.log(`${file}: running against real Stripe test mode (STRIPE_SECRET_KEY is set); emulator-only checks are skipped, each with its reason`);
    return { stripe: new Stripe(realKey, { maxNetworkRetries: 2 }), server: undefined, isEmulator: false, runId, close: async () => {} };
  }
  console.log(`${file}: the real Stripe run is skipped because STRIPE_SECRET_KEY is not set; running against the local emulator`);
  const server = await startTestServer();
  return { stripe: emulatorClient(server), server, isEmulator: true, runId, close: () => server.close() };
}

/** Says, once per test, why an emulator-only check did not run against real Stripe. */
export function emulatorOnly(target: StripeTarget, reason: string): boolean {
  if (!target.isEmulator) console.log(`skipped against real Stripe: ${reason}`);
  return target.isEmulator;
}
