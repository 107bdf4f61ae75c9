import type { Stripe } from '@stripe/stripe-js';
// The pure entry injects Stripe's script only when loadStripe runs; the main entry injects it on
// import, even offline (STRIPE.md 2.1).
import { loadStripe } from '@stripe/stripe-js/pure';

/** Stripe.js from Stripe, for a configured publishable key. */
export function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  return loadStripe(publishableKey);
}
