import type Stripe from 'stripe';
import { settleInvoiceForIntent } from '../billing/settle-invoice';
import { invalidRequest } from '../stripe-api-error';
import type { StripeErrorBody } from '../stripe-api-error';
import type { StripeOps } from '../stripe-context';
import { stripeId } from '../stripe-id';
import type { Wire } from '../wire';
import type { WirePaymentMethod } from './card-payment-methods';
import { behaviourOf } from './test-cards';
import type { CardBehaviour } from './test-cards';

export type WirePaymentIntent = Wire<Stripe.PaymentIntent>;
export type WireCharge = Wire<Stripe.Charge>;

export interface NewPaymentIntent {
  readonly amount: number;
  readonly currency: string;
  readonly customer: string | null;
  readonly description?: string | null;
  readonly metadata?: Record<string, string>;
  readonly setupFutureUsage?: 'off_session' | 'on_session' | null;
  readonly paymentMethodTypes?: readonly string[];
  readonly paymentMethod?: string | null;
  readonly receiptEmail?: string | null;
}

/** A new PaymentIntent waiting for a payment method (or for confirmation, when it has one). */
export async function createPaymentIntent(ops: StripeOps, input: NewPaymentIntent): Promise<WirePaymentIntent> {
  const id = stripeId('pi');
  const intent: WirePaymentIntent = {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${stripeId('x', 25).slice(2)}`,
    confirmation_method: 'automatic',
    created: ops.now(),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod ?? null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: [...(input.paymentMethodTypes ?? ['card'])],
    payment_record: null,
    processing: null,
    receipt_email: input.receiptEmail ?? null,
    review: null,
    setup_future_usage: input.setupFutureUsage ?? null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: input.paymentMethod === undefined || input.paymentMethod === null ? 'requires_payment_method' : 'requires_confirmation',
    transfer_data: null,
    transfer_group: null,
  };
  await ops.store.put('payment_intent', intent);
  await ops.emit('payment_intent.created', intent);
  return intent;
}

/** The outcome of a confirmation: the PaymentIntent and, for a decline, Stripe's 402 error body. */
export interface ConfirmOutcome {
  readonly intent: WirePaymentIntent;
  readonly error?: StripeErrorBody;
}

/**
 * Confirms a PaymentIntent with a card, applying the test card's behaviour (STRIPE.md 1.12):
 * success, a decline (402 body, PaymentIntent back to requires_payment_method with
 * last_payment_error), or 3-D Secure (requires_action on session; a decline off session).
 */
export async function confirmPaymentIntent(
  ops: StripeOps,
  current: WirePaymentIntent,
  method: WirePaymentMethod,
  options: { readonly offSession: boolean },
): Promise<ConfirmOutcome> {
  if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(current.status)) {
    throw unexpectedState(current, 'confirm');
  }
  const intent: WirePaymentIntent = { ...current, payment_method: method.id, last_payment_error: null, next_action: null };
  const behaviour = behaviourOf(method.card?.last4);
  if (needsAuthentication(behaviour, options.offSession)) {
    if (options.offSession) {
      return decline(ops, intent, method, {
        code: 'authentication_required',
        declineCode: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      });
    }
    const waiting: WirePaymentIntent = {
      ...intent,
      status: 'requires_action',
      next_action: {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `/_stripe-js/three-d-secure.html#${intent.id}`, source: stripeId('src') },
      },
    };
    await ops.store.put('payment_intent', waiting);
    await ops.emit('payment_intent.requires_action', waiting);
    return { intent: waiting };
  }
  return charge(ops, intent, method, behaviour);
}

/**
 * The emulator's stand-in for the 3-D Secure page (STRIPE.md 2.6): completed, the payment goes on to
 * the card's charge outcome; failed, the PaymentIntent goes back to requires_payment_method with
 * `payment_intent_authentication_failure`.
 */
export async function authenticatePaymentIntent(ops: StripeOps, current: WirePaymentIntent, success: boolean): Promise<ConfirmOutcome> {
  if (current.status !== 'requires_action') throw unexpectedState(current, 'authenticate');
  const methodId = current.payment_method;
  if (typeof methodId !== 'string') throw invalidRequest('This PaymentIntent has no payment method to authenticate.');
  const method = await ops.store.get('payment_method', methodId);
  const intent: WirePaymentIntent = { ...current, next_action: null };
  if (success) {
    const behaviour = behaviourOf(method.card?.last4);
    const afterAuthentication: CardBehaviour =
      behaviour === 'authenticate_then_insufficient_funds' ? 'insufficient_funds' : behaviour === 'authenticate_then_decline' ? 'generic_decline' : 'succeeds';
    return charge(ops, intent, method, afterAuthentication);
  }
  const error = {
    type: 'invalid_request_error',
    code: 'payment_intent_authentication_failure',
    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
  } as const;
  const failed: WirePaymentIntent = { ...intent, status: 'requires_payment_method', last_payment_error: { ...error, payment_method: method, payment_method_type: 'card' } };
  await ops.store.put('payment_intent', failed);
  await ops.emit('payment_intent.payment_failed', failed);
  await settleInvoiceForIntent(ops, failed, undefined);
  return { intent: failed, error: { ...error, payment_method: method } };
}

function needsAuthentication(behaviour: CardBehaviour, offSession: boolean): boolean {
  switch (behaviour) {
    case 'authentication_always':
      return true;
    case 'authentication_on_session':
    case 'authenticate_then_insufficient_funds':
    case 'authenticate_then_decline':
      return !offSession;
    default:
      return false;
  }
}

interface Decline {
  readonly code: string;
  readonly declineCode: string;
  readonly message: string;
}

const declines: Partial<Record<CardBehaviour, Decline>> = {
  generic_decline: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  charge_fails: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

async function charge(ops: StripeOps, intent: WirePaymentIntent, method: WirePaymentMethod, behaviour: CardBehaviour): Promise<ConfirmOutcome> {
  const refused = declines[behaviour];
  if (refused !== undefined) return decline(ops, intent, method, refused);
  const succeeded = newCharge(ops, intent, method, undefined);
  await ops.store.put('charge', succeeded);
  const paid: WirePaymentIntent = { ...intent, status: 'succeeded', amount_received: intent.amount, latest_charge: succeeded.id };
  await ops.store.put('payment_intent', paid);
  if (typeof paid.customer === 'string' && paid.setup_future_usage !== null && method.customer === null) {
    const attached: WirePaymentMethod = { ...method, customer: paid.customer };
    await ops.store.put('payment_method', attached);
    await ops.emit('payment_method.attached', attached);
  }
  await ops.emit('charge.succeeded', succeeded);
  await ops.emit('payment_intent.succeeded', paid);
  await settleInvoiceForIntent(ops, paid, method);
  return { intent: paid };
}

async function decline(ops: StripeOps, intent: WirePaymentIntent, method: WirePaymentMethod, refused: Decline): Promise<ConfirmOutcome> {
  const failedCharge = newCharge(ops, intent, method, refused);
  await ops.store.put('charge', failedCharge);
  const docUrl = `https://stripe.com/docs/error-codes/${refused.code.replaceAll('_', '-')}`;
  const failed: WirePaymentIntent = {
    ...intent,
    status: 'requires_payment_method',
    latest_charge: failedCharge.id,
    last_payment_error: {
      type: 'card_error',
      charge: failedCharge.id,
      code: refused.code,
      decline_code: refused.declineCode,
      doc_url: docUrl,
      message: refused.message,
      payment_method: method,
      payment_method_type: 'card',
    },
  };
  await ops.store.put('payment_intent', failed);
  await ops.emit('charge.failed', failedCharge);
  await ops.emit('payment_intent.payment_failed', failed);
  await settleInvoiceForIntent(ops, failed, method);
  return {
    intent: failed,
    error: {
      type: 'card_error',
      code: refused.code,
      decline_code: refused.declineCode,
      message: refused.message,
      charge: failedCharge.id,
      doc_url: docUrl,
      payment_method: method,
    },
  };
}

function newCharge(ops: StripeOps, intent: WirePaymentIntent, method: WirePaymentMethod, refused: Decline | undefined): WireCharge {
  const card = method.card;
  const ok = refused === undefined;
  return {
    id: stripeId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: ok ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: ok ? stripeId('txn') : null,
    billing_details: method.billing_details,
    calculated_statement_descriptor: 'NUTRITION PREMIUM',
    captured: ok,
    created: ops.now(),
    currency: intent.currency,
    customer: typeof intent.customer === 'string' ? intent.customer : null,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: refused?.code ?? null,
    failure_message: refused?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: ok ? 'approved_by_network' : 'declined_by_network',
      reason: refused?.declineCode ?? null,
      risk_level: 'normal',
      seller_message: ok ? 'Payment complete.' : 'The bank did not return any further details with this decline.',
      type: ok ? 'authorized' : 'issuer_declined',
    },
    paid: ok,
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: {
      type: 'card',
      card: {
        amount_authorized: ok ? intent.amount : null,
        authorization_code: ok ? '123456' : null,
        brand: card?.brand ?? null,
        checks: card?.checks ?? null,
        country: card?.country ?? null,
        electronic_commerce_indicator: null,
        exp_month: card?.exp_month ?? 12,
        exp_year: card?.exp_year ?? 2030,
        fingerprint: card?.fingerprint ?? null,
        funding: card?.funding ?? null,
        installments: null,
        last4: card?.last4 ?? null,
        mandate: null,
        network: card?.brand ?? null,
        network_transaction_id: null,
        regulated_status: 'unregulated',
        three_d_secure: null,
        transaction_link_id: null,
        wallet: null,
      },
    },
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: ok ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  };
}

export function unexpectedState(intent: WirePaymentIntent, action: string): Error {
  const reason =
    intent.status === 'succeeded'
      ? `You cannot ${action} this PaymentIntent because it has already succeeded after being previously confirmed.`
      : `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`;
  return invalidRequest(reason, undefined, 'payment_intent_unexpected_state');
}
