import { describe, expect, it } from 'vitest';
import { confirmWithPaypal } from '../../../server/stripe/payments/paypal-confirmation';
import type { StripeOps } from '../../../server/stripe/stripe-context';
import type { StripeStore } from '../../../server/stripe/stripe-store';

describe('confirming a PaymentIntent with PayPal', () => {
  it('stores a PayPal payment method and waits for the approval page, which returns to return_url', async () => {
    const stored: { kind: string; value: { id: string } }[] = [];
    const events: string[] = [];
    // Only `put` is used: a store that records what was written.
    const store: Pick<StripeStore, 'put'> = { put: async (kind, value) => (stored.push({ kind, value }), value) };
    const ops: StripeOps = { store: store as StripeStore, now: () => 1_800_000_000, emit: async (type) => void events.push(type) };
    const intent = { id: 'pi_1', object: 'payment_intent', status: 'requires_payment_method', payment_method: null, last_payment_error: null, next_action: null, client_secret: 'pi_1_secret_2' } as const;

    // Only the fields confirmWithPaypal reads or spreads; a full Wire<PaymentIntent> has dozens more.
    const { intent: waiting } = await confirmWithPaypal(ops, intent as never, {
      returnUrl: 'http://localhost:3000/checkout/payment-completion?subscription_id=sub_1',
      publishableKey: 'pk_test_local_stripe_emulator',
      clientSecret: 'pi_1_secret_2',
      email: null,
    });

    expect(stored.map((entry) => entry.kind)).toEqual(['payment_method', 'payment_intent']);
    const method = stored[0]?.value;
    expect(method).toMatchObject({ object: 'payment_method', type: 'paypal' });
    expect(waiting).toMatchObject({
      status: 'requires_action',
      payment_method: method?.id,
      next_action: {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: '/_stripe-js/paypal-approval.html?client_secret=pi_1_secret_2&key=pk_test_local_stripe_emulator',
          return_url: 'http://localhost:3000/checkout/payment-completion?subscription_id=sub_1',
        },
      },
    });
    expect(events).toEqual(['payment_intent.requires_action']);
  });
});
