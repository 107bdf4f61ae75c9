import { describe, expect, it } from 'vitest';
import { STRIPE_LOCAL_PUBLISHABLE_KEY as SERVER_PUBLISHABLE_KEY, loadServerConfig } from '../../../server/config';
import { STRIPE_LOCAL_PUBLISHABLE_KEY, paymentsSettings } from '../../../services/payments/payments-settings';

describe('payments settings', () => {
  it('uses Stripe.js with a real publishable key', () => {
    expect(paymentsSettings({ VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc' }, 'http://localhost:3000')).toEqual({ provider: 'stripe', publishableKey: 'pk_test_51Abc' });
    expect(paymentsSettings({ VITE_STRIPE_PUBLISHABLE_KEY: ' pk_live_51Abc ' }, 'http://localhost:3000')).toEqual({ provider: 'stripe', publishableKey: 'pk_live_51Abc' });
  });

  it("sends the key the local stack's emulator accepts by default", () => {
    expect(STRIPE_LOCAL_PUBLISHABLE_KEY).toBe(SERVER_PUBLISHABLE_KEY);
    expect(loadServerConfig({}).stripePublishableKey).toBe(STRIPE_LOCAL_PUBLISHABLE_KEY);
  });

  it('uses the sandbox on the page origin without one', () => {
    expect(paymentsSettings({}, 'http://localhost:3000')).toEqual({ provider: 'sandbox', publishableKey: STRIPE_LOCAL_PUBLISHABLE_KEY, stackUrl: 'http://localhost:3000' });
    expect(paymentsSettings({ VITE_STRIPE_PUBLISHABLE_KEY: '', VITE_STRIPE_SANDBOX_URL: 'http://localhost:3000/' }, 'http://localhost:5173')).toEqual({
      provider: 'sandbox',
      publishableKey: STRIPE_LOCAL_PUBLISHABLE_KEY,
      stackUrl: 'http://localhost:3000',
    });
  });

  it('refuses a key that is set but is not a publishable key (a secret key must never reach the bundle)', () => {
    expect(() => paymentsSettings({ VITE_STRIPE_PUBLISHABLE_KEY: 'sk_test_123' }, 'http://localhost:3000')).toThrow(/publishable key/);
  });
});
