/**
 * The query of the checkout payment page and of its return page (spec: /checkout/payment takes
 * client_secret, currency, plan, subscription_id, full_price, amount; /checkout/payment-completion
 * gets payment_intent_client_secret, subscription_id, amount, currency), and what the return page
 * concludes from the PaymentIntent it retrieves. Pure: the routes read URLs, this decides.
 */

import { formatMoney } from './plan-pricing';

export interface PaymentPageParams {
  readonly clientSecret: string;
  readonly currency: string | undefined;
  readonly plan: string | undefined;
  readonly subscriptionId: string | undefined;
  /** Cents, as the plans page passes them. */
  readonly fullPrice: number | undefined;
  readonly amount: number | undefined;
}

/** The payment page's parameters, or undefined without a client secret (the page then sends the visitor to the plans). */
export function readPaymentPageParams(search: URLSearchParams): PaymentPageParams | undefined {
  const clientSecret = search.get('client_secret')?.trim();
  if (!clientSecret) return undefined;
  return {
    clientSecret,
    currency: text(search.get('currency'))?.toLowerCase(),
    plan: text(search.get('plan')),
    subscriptionId: text(search.get('subscription_id')),
    fullPrice: cents(search.get('full_price')),
    amount: cents(search.get('amount')),
  };
}

/** The query that leads back to the payment page with the same parameters (and, after a failed payment, why). */
export function paymentPageSearch(params: PaymentPageParams, paymentError?: PaymentErrorKey): string {
  const search = new URLSearchParams({ client_secret: params.clientSecret });
  appendOptional(search, params);
  if (paymentError) search.set('payment_error', paymentError);
  return `?${search.toString()}`;
}

/**
 * Where the provider sends the visitor after confirming: the completion page with the spec's
 * parameters, plus plan and full_price so a failed payment can lead back to the same payment page.
 * The provider appends payment_intent, payment_intent_client_secret and redirect_status.
 */
export function paymentReturnUrl(origin: string, params: PaymentPageParams): string {
  const search = new URLSearchParams();
  appendOptional(search, params);
  const query = search.toString();
  return `${origin}/checkout/payment-completion${query === '' ? '' : `?${query}`}`;
}

/**
 * The completion page after a 3-D Secure challenge failed in the page (Stripe.js resolves the error
 * instead of redirecting): the same return as a redirect-based authentication would make, so the
 * completion page decides from the PaymentIntent in one place and sends the visitor back with
 * "paymentFailed". A path: the app navigates there itself.
 */
export function failedAuthenticationReturnPath(params: PaymentPageParams): string {
  const search = new URLSearchParams();
  appendOptional(search, params);
  search.set('payment_intent', params.clientSecret.split('_secret_')[0] ?? params.clientSecret);
  search.set('payment_intent_client_secret', params.clientSecret);
  search.set('redirect_status', 'failed');
  return `/checkout/payment-completion?${search.toString()}`;
}

/** The completion page's parameters, mapped back to the payment page's (the client secret comes back as payment_intent_client_secret). */
export function readCompletionParams(search: URLSearchParams): PaymentPageParams | undefined {
  const clientSecret = search.get('payment_intent_client_secret')?.trim();
  if (!clientSecret) return undefined;
  const mapped = new URLSearchParams(search);
  mapped.set('client_secret', clientSecret);
  return readPaymentPageParams(mapped);
}

/** Spec section 8: the two messages a failed payment can show on the payment page. */
export type PaymentErrorKey = 'paymentFailed' | 'somethingWentWrong';

export const isPaymentErrorKey = (value: string | null): value is PaymentErrorKey => value === 'paymentFailed' || value === 'somethingWentWrong';

export interface RetrievedPaymentIntent {
  readonly status: string;
  readonly last_payment_error?: { readonly code?: string | undefined } | null | undefined;
}

export type PaymentCompletion = { readonly completed: true } | { readonly completed: false; readonly error: PaymentErrorKey };

/**
 * Whether the payment completed, from the PaymentIntent the provider returns (never from
 * redirect_status, which the URL can carry anyway). Without a subscription id it does not count
 * (spec section 5). A failed 3-D Secure says "payment failed"; anything else "something went wrong".
 */
export function paymentCompletion(subscriptionId: string | undefined, paymentIntent: RetrievedPaymentIntent | undefined): PaymentCompletion {
  if (subscriptionId !== undefined && paymentIntent?.status === 'succeeded') return { completed: true };
  return {
    completed: false,
    error: paymentIntent?.last_payment_error?.code === 'payment_intent_authentication_failure' ? 'paymentFailed' : 'somethingWentWrong',
  };
}

function appendOptional(search: URLSearchParams, params: PaymentPageParams): void {
  if (params.currency !== undefined) search.set('currency', params.currency);
  if (params.plan !== undefined) search.set('plan', params.plan);
  if (params.subscriptionId !== undefined) search.set('subscription_id', params.subscriptionId);
  if (params.fullPrice !== undefined) search.set('full_price', String(params.fullPrice));
  if (params.amount !== undefined) search.set('amount', String(params.amount));
}

function text(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function cents(value: string | null): number | undefined {
  const trimmed = value?.trim();
  if (!trimmed || !/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** The payment summary's amounts as the visitor reads them; none for a missing or unknown currency. */
export interface PaymentAmountsText {
  readonly amount: string | undefined;
  readonly fullPrice: string | undefined;
}

/**
 * `amount` and `full_price` written in the page's language: Stripe's minor units, so cents / 100,
 * but whole units in zero-decimal currencies (JPY, KRW, CLP: 489 is ¥489, not ¥4.89). An unknown
 * currency code in the URL shows no amounts rather than a wrong one.
 */
export function paymentAmountsText(params: PaymentPageParams, language: string): PaymentAmountsText {
  const { currency } = params;
  const format = (minor: number | undefined): string | undefined => {
    if (minor === undefined || currency === undefined) return undefined;
    try {
      return formatMoney(minor, currency, language);
    } catch {
      return undefined;
    }
  };
  return { amount: format(params.amount), fullPrice: format(params.fullPrice) };
}
