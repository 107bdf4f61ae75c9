import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { invalidRequest, StripeApiError } from '../stripe-api-error';
import type { StripeOps } from '../stripe-context';
import { stripeId } from '../stripe-id';
import type { StripeParams } from '../stripe-params';
import type { Wire } from '../wire';
import { brandOf, passesLuhn, testCardForNumber, testCardForToken } from './test-cards';
import type { TestCard } from './test-cards';

export type WirePaymentMethod = Wire<Stripe.PaymentMethod>;

export interface CardInput {
  readonly card: TestCard;
  readonly expMonth: number;
  readonly expYear: number;
  readonly billing: { postalCode: string | null; country: string | null; email: string | null; name: string | null };
}

/** A new card PaymentMethod (not attached), as Stripe makes from a token or from card details. */
export async function createCardPaymentMethod(ops: StripeOps, input: CardInput): Promise<WirePaymentMethod> {
  const { card } = input;
  const method: WirePaymentMethod = {
    id: stripeId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: input.billing.country, line1: null, line2: null, postal_code: input.billing.postalCode, state: null },
      email: input.billing.email,
      name: input.billing.name,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: input.billing.postalCode === null ? null : 'pass', cvc_check: 'pass' },
      country: card.country,
      display_brand: card.brand,
      exp_month: input.expMonth,
      exp_year: input.expYear,
      fingerprint: createHash('sha256').update(card.number).digest('base64url').slice(0, 16),
      funding: card.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: ops.now(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  await ops.store.put('payment_method', method);
  return method;
}

/** The card behind a test token (`pm_card_visa`), with a plausible expiry. */
export function cardFromToken(token: string): CardInput | undefined {
  const card = testCardForToken(token);
  if (card === undefined) return undefined;
  return { card, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, billing: { postalCode: null, country: null, email: null, name: null } };
}

/**
 * Card details as Stripe.js sends them (`payment_method_data[card][number]`...): Stripe's errors for a
 * wrong number, a past expiry or a real card in test mode.
 */
export function cardFromDetails(data: StripeParams, now: number): CardInput {
  const cardParams = data.object('card');
  if (cardParams === undefined) throw invalidRequest('Missing required param: card.', data.name('card'), 'parameter_missing');
  const number = (cardParams.requiredString('number')).replace(/\s+/g, '');
  const expMonth = cardParams.integer('exp_month');
  const expYear = cardParams.integer('exp_year');
  if (expMonth === undefined) throw invalidRequest('Missing required param: exp_month.', cardParams.name('exp_month'), 'parameter_missing');
  if (expYear === undefined) throw invalidRequest('Missing required param: exp_year.', cardParams.name('exp_year'), 'parameter_missing');
  if (!/^\d+$/.test(number) || !passesLuhn(number)) throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
  if (expMonth < 1 || expMonth > 12) throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  const fullYear = expYear < 100 ? 2000 + expYear : expYear;
  const today = new Date(now * 1000);
  if (fullYear < today.getUTCFullYear() || (fullYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)) {
    throw cardError('expired_card', 'Your card has expired.', 'exp_year');
  }
  const card = testCardForNumber(number);
  if (card === undefined) {
    // Stripe's test mode refuses real card numbers.
    throw new StripeApiError(402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'test_mode_live_card',
      message: 'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      param: 'number',
    });
  }
  const billing = data.object('billing_details');
  const address = billing?.object('address');
  return {
    card: { ...card, brand: brandOf(number) },
    expMonth,
    expYear: fullYear,
    billing: {
      postalCode: address?.string('postal_code') ?? null,
      country: address?.string('country') ?? null,
      email: billing?.string('email') ?? null,
      name: billing?.string('name') ?? null,
    },
  };
}

function cardError(code: string, message: string, param: string): StripeApiError {
  return new StripeApiError(402, { type: 'card_error', code, message, param, doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}` });
}

/**
 * A PaymentMethod named in a request: an existing `pm_...`, or a test token, which (as in Stripe)
 * makes a new PaymentMethod each time it is used.
 */
export async function resolvePaymentMethod(ops: StripeOps, idOrToken: string, param: string): Promise<WirePaymentMethod> {
  const fromToken = cardFromToken(idOrToken);
  if (fromToken !== undefined) return createCardPaymentMethod(ops, fromToken);
  return ops.store.get('payment_method', idOrToken, param);
}
