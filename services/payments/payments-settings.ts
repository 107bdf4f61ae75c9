import { STRIPE_LOCAL_PUBLISHABLE_KEY } from '../../engine/local-stack-defaults';

// Defined in engine/, where the build's production check reads it too; the settings' callers read it here.
export { STRIPE_LOCAL_PUBLISHABLE_KEY };
export type PaymentsSettings =
  /** Stripe.js from Stripe, with the configured key. */
  | { readonly provider: 'stripe'; readonly publishableKey: string }
  /** The Stripe.js sandbox, against the local stack at `stackUrl`. */
  | { readonly provider: 'sandbox'; readonly publishableKey: string; readonly stackUrl: string };

export interface PaymentsEnv {
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string | undefined;
  readonly VITE_STRIPE_SANDBOX_URL?: string | undefined;
  readonly VITE_STRIPE_SANDBOX_PUBLISHABLE_KEY?: string | undefined;
}

/**
 * A real publishable key (`pk_live_...` or `pk_test_...`) selects Stripe.js; anything else the sandbox
 * on the page's own origin (the local stack serves the app, the emulator and the frames). A key
 * that is set but malformed fails loudly instead of silently falling back to the sandbox.
 */
export function paymentsSettings(env: PaymentsEnv, origin: string): PaymentsSettings {
  const key = nonEmpty(env.VITE_STRIPE_PUBLISHABLE_KEY);
  if (key !== undefined) {
    if (!/^pk_(live|test)_[A-Za-z0-9_]+$/.test(key)) throw new Error('VITE_STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_live_... or pk_test_...)');
    return { provider: 'stripe', publishableKey: key };
  }
  return {
    provider: 'sandbox',
    publishableKey: nonEmpty(env.VITE_STRIPE_SANDBOX_PUBLISHABLE_KEY) ?? STRIPE_LOCAL_PUBLISHABLE_KEY,
    stackUrl: (nonEmpty(env.VITE_STRIPE_SANDBOX_URL) ?? origin).replace(/\/$/, ''),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
