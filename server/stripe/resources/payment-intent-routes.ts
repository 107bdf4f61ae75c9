import { customerTime, onClock } from '../billing/billing-time';
import type { StripeAnswer, StripeContext } from '../stripe-context';
import type { StripeRouter } from '../create-stripe-routes';
import { cardFromDetails, createCardPaymentMethod, resolvePaymentMethod } from '../payments/card-payment-methods';
import type { WirePaymentMethod } from '../payments/card-payment-methods';
import { authenticatePaymentIntent, confirmPaymentIntent, createPaymentIntent, unexpectedState } from '../payments/payment-flow';
import type { ConfirmOutcome, WirePaymentIntent } from '../payments/payment-flow';
import { invalidRequest, missingParam, resourceMissing } from '../stripe-api-error';
import { listAnswer } from '../stripe-lists';
import { createPaypalPaymentMethod } from '../payments/paypal-payment-method';
import { paypalRedirectAction } from '../payments/paypal-redirect-action';

/**
 * PaymentIntents: create, retrieve, confirm, cancel, list; plus the emulator-only `_authenticate`
 * that stands for the 3-D Secure page. Retrieve, confirm and `_authenticate` also take the
 * publishable key with the client secret, as Stripe.js calls them (STRIPE.md 2.6).
 */
export function paymentIntentRoutes(local: { readonly siteUrl: string; readonly publishableKey: string }): (router: StripeRouter) => void {
  return (router) => routes(router, local);
}

function routes(router: StripeRouter, local: { readonly siteUrl: string; readonly publishableKey: string }): void {
  router.post('/payment_intents', async (context) => {
    const { params, store } = context;
    const amount = params.integer('amount');
    if (amount === undefined) throw missingParam('amount');
    if (amount < 1) throw invalidRequest('Amount must be at least 1.', 'amount', 'amount_too_small');
    const currency = params.string('currency');
    if (currency === undefined) throw missingParam('currency');
    const customer = params.string('customer') ?? null;
    if (customer !== null) await store.get('customer', customer, 'customer');
    const method = params.string('payment_method');
    const resolved = method === undefined ? undefined : await resolvePaymentMethod(context, method, 'payment_method');
    const intent = await createPaymentIntent(context, {
      amount,
      currency: currency.toLowerCase(),
      customer,
      description: params.string('description') ?? null,
      metadata: params.metadata() ?? {},
      setupFutureUsage: params.oneOf('setup_future_usage', ['off_session', 'on_session'] as const) ?? null,
      paymentMethodTypes: params.strings('payment_method_types') ?? ['card'],
      paymentMethod: resolved?.id ?? null,
      receiptEmail: params.string('receipt_email') ?? null,
    });
    if (params.boolean('confirm') !== true || resolved === undefined) return { status: 200, body: await context.render(intent) };
    return confirmAnswer(context, await confirmPaymentIntent(context, intent, resolved, { offSession: params.boolean('off_session') ?? false }));
  });

  router.get(
    '/payment_intents/:id',
    async (context) => {
      const intent = await intentFor(context);
      return { status: 200, body: await context.render(view(context, intent)) };
    },
    { publishable: true },
  );

  router.post(
    '/payment_intents/:id/confirm',
    async (context) => {
      const { params } = context;
      const intent = await intentFor(context);
      let method: WirePaymentMethod;
      const data = params.object('payment_method_data');
      const methodId = params.string('payment_method');
      if (data !== undefined && data.string('type') === 'paypal') {
        // PayPal: Stripe answers requires_action with a redirect to PayPal; here, the stack's approval page.
        const returnUrl = params.string('return_url');
        if (returnUrl === undefined) throw missingParam('return_url');
        if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) throw unexpectedState(intent, 'confirm');
        const paypal = await createPaypalPaymentMethod(context);
        const waiting: WirePaymentIntent = {
          ...intent,
          payment_method: paypal.id,
          last_payment_error: null,
          status: 'requires_action',
          next_action: paypalRedirectAction({ siteUrl: local.siteUrl, clientSecret: intent.client_secret ?? '', publishableKey: local.publishableKey, returnUrl }),
        };
        await context.store.put('payment_intent', waiting);
        await context.emit('payment_intent.requires_action', waiting);
        return { status: 200, body: await context.render(view(context, waiting)) };
      }
      if (data !== undefined) {
        const type = data.string('type') ?? 'card';
        if (type !== 'card') throw invalidRequest(`The emulator takes card and PayPal payment methods only, not ${type}.`, data.name('type'));
        method = await createCardPaymentMethod(context, cardFromDetails(data, context.now()));
      } else if (methodId !== undefined) {
        method = await resolvePaymentMethod(context, methodId, 'payment_method');
      } else if (typeof intent.payment_method === 'string') {
        method = await context.store.get('payment_method', intent.payment_method, 'payment_method');
      } else {
        throw invalidRequest(
          'You cannot confirm this PaymentIntent because it\'s missing a payment method. To confirm the PaymentIntent with a customer, you must provide a payment method.',
          'payment_method',
          'payment_intent_unexpected_state',
        );
      }
      const offSession = context.caller === 'secret' && (params.boolean('off_session') ?? false);
      // A test-clock customer's payment happens at clock time (charge, invoice paid_at), as in Stripe.
      const ops = typeof intent.customer === 'string' ? onClock(context, (await customerTime(context, intent.customer)).now) : context;
      return confirmAnswer(context, await confirmPaymentIntent(ops, intent, method, { offSession }));
    },
    { publishable: true },
  );

  router.post(
    '/payment_intents/:id/_authenticate',
    async (context) => {
      const intent = await intentFor(context);
      const success = context.params.boolean('success');
      if (success === undefined) throw missingParam('success');
      const outcome = await authenticatePaymentIntent(context, intent, success);
      return { status: 200, body: await context.render(view(context, outcome.intent)) };
    },
    { publishable: true },
  );

  router.post('/payment_intents/:id/cancel', async (context) => {
    const intent = await context.store.get('payment_intent', context.path.id ?? '');
    if (intent.status === 'succeeded' || intent.status === 'canceled') throw unexpectedState(intent, 'cancel');
    const canceled: WirePaymentIntent = {
      ...intent,
      status: 'canceled',
      canceled_at: context.now(),
      cancellation_reason: context.params.oneOf('cancellation_reason', ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const) ?? null,
      next_action: null,
    };
    await context.store.put('payment_intent', canceled);
    await context.emit('payment_intent.canceled', canceled);
    return { status: 200, body: await context.render(canceled) };
  });

  router.get('/payment_intents', async (context) => {
    const customer = context.params.string('customer');
    return listAnswer(context, 'payment_intent', customer === undefined ? {} : { customer }, '/v1/payment_intents');
  });
}

/** The PaymentIntent of the path; with the publishable key only together with its client secret. */
async function intentFor(context: StripeContext): Promise<WirePaymentIntent> {
  const id = context.path.id ?? '';
  const intent = await context.store.find('payment_intent', id);
  if (intent === undefined) throw resourceMissing('payment_intent', id);
  if (context.caller === 'publishable') {
    const secret = context.params.string('client_secret');
    if (secret === undefined) throw missingParam('client_secret');
    if (secret !== intent.client_secret) {
      throw invalidRequest(`The client_secret provided does not match the client_secret associated with the PaymentIntent.`, 'client_secret');
    }
  }
  return intent;
}

/** What the publishable key may see: no customer, no metadata (STRIPE.md 2.6). */
function view(context: StripeContext, intent: WirePaymentIntent): WirePaymentIntent {
  return context.caller === 'publishable' ? { ...intent, customer: null, metadata: {} } : intent;
}

async function confirmAnswer(context: StripeContext, outcome: ConfirmOutcome): Promise<StripeAnswer> {
  const intent = await context.render(view(context, outcome.intent));
  if (outcome.error === undefined) return { status: 200, body: intent };
  // The decline is committed (the failed charge and last_payment_error stay), so it is an answer, not a throw.
  const status = outcome.error.type === 'card_error' ? 402 : 400;
  return { status, body: { error: { ...outcome.error, payment_intent: intent } } };
}

