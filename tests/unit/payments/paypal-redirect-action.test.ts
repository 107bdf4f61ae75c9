import { describe, expect, it } from 'vitest';
import { paypalRedirectAction } from '../../../server/stripe/payments/paypal-redirect-action';

describe('the PayPal redirect a confirmed PaymentIntent answers with', () => {
  it("points at the stack's approval page with what it needs to decide, and keeps the shop's return_url", () => {
    const action = paypalRedirectAction({
      siteUrl: 'http://localhost:3000',
      clientSecret: 'pi_1_secret_2',
      publishableKey: 'pk_test_local_stripe_emulator',
      returnUrl: 'http://localhost:3000/checkout/payment-completion?subscription_id=sub_1',
    });
    expect(action.type).toBe('redirect_to_url');
    const url = new URL(action.redirect_to_url.url);
    expect(url.origin + url.pathname).toBe('http://localhost:3000/_stripe-js/paypal-approval.html');
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_secret: 'pi_1_secret_2', key: 'pk_test_local_stripe_emulator' });
    expect(action.redirect_to_url.return_url).toBe('http://localhost:3000/checkout/payment-completion?subscription_id=sub_1');
  });

  it('is a path on the stack when the emulator does not know its public URL', () => {
    const action = paypalRedirectAction({ clientSecret: 'pi_1_secret_2', publishableKey: 'pk_test_x', returnUrl: 'http://localhost:5173/back' });
    expect(action.redirect_to_url.url).toBe('/_stripe-js/paypal-approval.html?client_secret=pi_1_secret_2&key=pk_test_x');
  });
});
