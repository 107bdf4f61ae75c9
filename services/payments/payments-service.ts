import type { Stripe } from '@stripe/stripe-js';

/**
 * The card payment provider for the payment pages: the object `<Elements stripe={...}>` takes. Real
 * Stripe.js when a publishable key is configured, else the sandbox that talks to the local stack's
 * Stripe emulator (services/composition-root.ts decides; both load only when a payment page asks).
 */
export interface PaymentsService {
  /**
   * The same promise on every call: react-stripe-js accepts the `stripe` prop once ("Unsupported prop
   * change on Elements"). Rejects when the provider's script cannot load.
   */
  readonly stripe: () => Promise<Stripe | null>;
}
