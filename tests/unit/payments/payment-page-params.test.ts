import { describe, expect, it } from 'vitest';
import { failedAuthenticationReturnPath, paymentAmountsText, paymentCompletion, paymentPageSearch, paymentReturnUrl, readCompletionParams, readPaymentPageParams } from '../../../engine/payment-page-params';

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

describe('a 3-D Secure challenge that failed in the page', () => {
  it('returns through the completion page, as a redirect-based authentication would, with the same parameters', () => {
    const params = readPaymentPageParams(search);
    if (!params) throw new Error('unreadable');
    const path = new URL(failedAuthenticationReturnPath(params), 'https://app.example');
    expect(path.pathname).toBe('/checkout/payment-completion');
    expect(path.searchParams.get('payment_intent')).toBe('pi_1');
    expect(path.searchParams.get('payment_intent_client_secret')).toBe('pi_1_secret_2');
    expect(path.searchParams.get('redirect_status')).toBe('failed');
    expect(readCompletionParams(path.searchParams)).toEqual(params);
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

describe('payment amounts text', () => {
  const read = (query: Record<string, string>) => {
    const params = readPaymentPageParams(new URLSearchParams({ client_secret: 'pi_1_secret_2', ...query }));
    if (!params) throw new Error('unreadable');
    return params;
  };

  it('writes minor units in the page language: cents / 100, whole yen in zero-decimal currencies', () => {
    expect(paymentAmountsText(read({ currency: 'eur', amount: '299', full_price: '999' }), 'en')).toEqual({ amount: '€2.99', fullPrice: '€9.99' });
    expect(paymentAmountsText(read({ currency: 'jpy', amount: '489', full_price: '1599' }), 'en')).toEqual({ amount: '¥489', fullPrice: '¥1,599' });
    expect(paymentAmountsText(read({ currency: 'sek', amount: '45999' }), 'sv').amount?.replace(/[\u00a0\u202f]/g, ' ')).toBe('459,99 kr');
  });

  it('shows no amounts without a currency or with an unknown code', () => {
    expect(paymentAmountsText(read({ amount: '299' }), 'en')).toEqual({ amount: undefined, fullPrice: undefined });
    expect(paymentAmountsText(read({ currency: 'e1r', amount: '299' }), 'en')).toEqual({ amount: undefined, fullPrice: undefined });
  });
});
