import type { Stripe } from '@stripe/stripe-js';
import { SandboxStripe, type SandboxStripeOptions } from './sandbox-stripe';

/**
 * The sandbox as the `Stripe` type react-stripe-js is typed with. It implements the members
 * react-stripe-js and the payment pages call (STRIPE.md 2.2-2.4: `elements`, `confirmPayment`,
 * `retrievePaymentIntent` and the four the prop check looks for), not the whole Stripe.js surface,
 * so this one cast is the boundary where the narrower object stands in for the full type.
 */
export function loadSandboxStripe(options: SandboxStripeOptions): Promise<Stripe | null> {
  const sandbox: unknown = new SandboxStripe(options);
  return Promise.resolve(sandbox as Stripe);
}
