import type { KeyValueStorage } from '../storage/key-value-storage';
import { sessionCheckoutSession, type CheckoutSession } from './checkout-session';
import { checkoutSettings, type CheckoutEnv } from './checkout-settings';

/** What the plans page needs besides the backend: the product it sells and the session's countdown and offer. */
export interface CheckoutServices {
  /** The Stripe product whose prices the plans page lists. */
  readonly productId: string;
  /** The plans page's countdown start and offer dialog, kept for the browser session. */
  readonly session: CheckoutSession;
}

/** Built when the plans page first loads (its own chunk, so none of it ships with the funnel's first step). */
export function createCheckoutServices(env: CheckoutEnv, session: KeyValueStorage, log: (message: string, error: unknown) => void): CheckoutServices {
  return { productId: checkoutSettings(env).productId, session: sessionCheckoutSession(session, log) };
}
