import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { BackendFunctionError } from '../../../services/account/backend-function-error';
import { paymentCompletionActors } from '../../../screens/checkout/payment-completion-actors';

/** The mark actor over a backend whose mark function answers (or fails) as given. */
function mark(answer: () => Promise<unknown>): Promise<unknown> {
  const actors = paymentCompletionActors(
    {
      checkout: { payments: { stripe: () => Promise.reject(new Error('not used by the mark')) }, registerPurchase: () => Promise.reject(new Error('not used by the mark')) },
      account: { backendFunctions: { invoke: answer } },
      telemetry: { reportError: () => {} },
    },
    'user-1',
  );
  return toPromise(createActor(actors.markPurchased, { input: { subscriptionId: 'sub_1', paymentIntentId: 'pi_1' } }).start());
}

describe('the payment-completion actors: marking the purchase', () => {
  it('says whether this visit was the first to mark it', async () => {
    expect(await mark(() => Promise.resolve({ data: { subscriptionId: 'sub_1', firstMark: true } }))).toEqual({ outcome: 'marked', firstMark: true });
    expect(await mark(() => Promise.resolve({ data: { subscriptionId: 'sub_1', firstMark: false } }))).toEqual({ outcome: 'marked', firstMark: false });
  });

  it('409 second_payment_refunded is an outcome, not a failure: the payment was refunded', async () => {
    expect(await mark(() => Promise.reject(new BackendFunctionError('mark-stripe-subscription-purchased', 409, 'second_payment_refunded')))).toEqual({ outcome: 'refunded' });
  });

  it('any other refusal or failure stays an error (the machine reports it and records the purchase anyway)', async () => {
    for (const error of [
      new BackendFunctionError('mark-stripe-subscription-purchased', 409, 'subscription_not_active'),
      new BackendFunctionError('mark-stripe-subscription-purchased', 500, 'second_payment_refunded'),
      new BackendFunctionError('mark-stripe-subscription-purchased', undefined, undefined),
      new Error('second_payment_refunded'),
    ]) {
      await expect(mark(() => Promise.reject(error))).rejects.toBe(error);
    }
    await expect(mark(() => Promise.resolve({ data: {} }))).rejects.toThrow('answered unexpectedly');
  });
});
