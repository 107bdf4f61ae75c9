import { describe, expect, it } from 'vitest';
import { paymentCompletion, paymentPageSearch, paymentReturnUrl, readCompletionParams, readPaymentPageParams } from '../../../engine/payment-page-params';

const search = new URLSearchParams({ client_secret: 'pi_1_secret_2', currency: 'EUR', plan: 'weekly', subscription_id: 'sub_1', full_price: '999', amount: '499' });

describe('payment page parameters', () => {
  it('reads the spec parameters; no client secret means no payment page', () => {
    expect(readPaymentPageParams(search)).toEqual({ clientSecret: 'pi_1_secret_2', currency: 'eur', plan: 'weekly', subscriptionId: 'sub_1', fullPrice: 999, amount: 499 });
    expect(readPaymentPageParams(new URLSearchParams({ currency: 'eur' }))).toBeUndefined();
    expect(readPaymentPageParams(new URLSearchParams({ client_secret: '  ' }))).toBeUndefined();
  });

  it('ignores amounts that are not numbers', () => {
    expect(readPaymentPageParams(new URLSearchParams({ client_secret: 'pi_1_secret_2', amount: '4,99' }))?.amount).toBeUndefined();
  });

  it('returns to the completion page with the same parameters, and from there back to the same payment page', () => {
    const params = readPaymentPageParams(search);
    if (!params) throw new Error('unreadable');
    const returnUrl = new URL(paymentReturnUrl('https://app.example', params));
    expect(returnUrl.pathname).toBe('/checkout/payment-completion');
    expect(returnUrl.searchParams.get('subscription_id')).toBe('sub_1');
    expect(returnUrl.searchParams.has('client_secret')).toBe(false);
    // What Stripe appends on its redirect.
    returnUrl.searchParams.set('payment_intent', 'pi_1');
    returnUrl.searchParams.set('payment_intent_client_secret', 'pi_1_secret_2');
    returnUrl.searchParams.set('redirect_status', 'failed');
    const back = readCompletionParams(returnUrl.searchParams);
    expect(back).toEqual(params);
    if (!back) throw new Error('unreadable');
    expect(readPaymentPageParams(new URLSearchParams(paymentPageSearch(back, 'paymentFailed')))).toEqual(params);
    expect(new URLSearchParams(paymentPageSearch(back, 'paymentFailed')).get('payment_error')).toBe('paymentFailed');
  });
});

describe('payment completion', () => {
  it('is complete only when the PaymentIntent succeeded and a subscription id came back', () => {
    expect(paymentCompletion('sub_1', { status: 'succeeded' })).toEqual({ completed: true });
    expect(paymentCompletion(undefined, { status: 'succeeded' })).toEqual({ completed: false, error: 'somethingWentWrong' });
    expect(paymentCompletion('sub_1', undefined)).toEqual({ completed: false, error: 'somethingWentWrong' });
  });

  it('says "payment failed" for a failed 3-D Secure and "something went wrong" otherwise', () => {
    expect(paymentCompletion('sub_1', { status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure' } })).toEqual({
      completed: false,
      error: 'paymentFailed',
    });
    expect(paymentCompletion('sub_1', { status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } })).toEqual({
      completed: false,
      error: 'somethingWentWrong',
    });
  });
});
