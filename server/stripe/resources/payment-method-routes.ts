import type { StripeRouter } from '../create-stripe-routes';
import { cardFromDetails, cardFromToken, createCardPaymentMethod } from '../payments/card-payment-methods';
import type { WirePaymentMethod } from '../payments/card-payment-methods';
import { behaviourOf } from '../payments/test-cards';
import { invalidRequest, missingParam, StripeApiError } from '../stripe-api-error';
import { listAnswer } from '../stripe-lists';

/** PaymentMethods: create (card details or `card[token]`), retrieve, attach, detach, list per customer. */
export function paymentMethodRoutes(router: StripeRouter): void {
  router.post('/payment_methods', async (context) => {
    const { params } = context;
    if ((params.string('type') ?? 'card') !== 'card') throw invalidRequest('The emulator takes card payment methods only.', 'type');
    const token = params.object('card')?.string('token');
    const fromToken = token === undefined ? undefined : cardFromToken(token.replace(/^tok_/, 'pm_card_'));
    const input = fromToken ?? cardFromDetails(params, context.now());
    const method = await createCardPaymentMethod(context, input);
    return { status: 200, body: await context.render(method) };
  });

  router.get('/payment_methods/:id', async (context) => ({
    status: 200,
    body: await context.render(await context.store.get('payment_method', context.path.id ?? '')),
  }));

  router.post('/payment_methods/:id/attach', async (context) => {
    const { store, params } = context;
    const idOrToken = context.path.id ?? '';
    const tokenCard = cardFromToken(idOrToken);
    const method = tokenCard === undefined ? await store.get('payment_method', idOrToken) : await createCardPaymentMethod(context, tokenCard);
    const customer = params.string('customer');
    if (customer === undefined) throw missingParam('customer');
    await store.get('customer', customer, 'customer');
    if (method.customer !== null && method.customer !== customer) {
      throw invalidRequest('This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.');
    }
    // Attaching runs a check of the card: the decline card fails it (unverified, STRIPE.md 1.12).
    if (behaviourOf(method.card?.last4) === 'generic_decline') {
      throw new StripeApiError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', doc_url: 'https://stripe.com/docs/error-codes/card-declined' });
    }
    const attached: WirePaymentMethod = { ...method, customer };
    await store.put('payment_method', attached);
    await context.emit('payment_method.attached', attached);
    return { status: 200, body: await context.render(attached) };
  });

  router.post('/payment_methods/:id/detach', async (context) => {
    const method = await context.store.get('payment_method', context.path.id ?? '');
    if (method.customer === null) throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.');
    const detached: WirePaymentMethod = { ...method, customer: null };
    await context.store.put('payment_method', detached);
    await context.emit('payment_method.detached', detached, { customer: method.customer });
    return { status: 200, body: await context.render(detached) };
  });

  router.get('/payment_methods', async (context) => {
    const customer = context.params.string('customer');
    return listAnswer(context, 'payment_method', customer === undefined ? {} : { customer }, '/v1/payment_methods');
  });

  router.get('/customers/:id/payment_methods', async (context) => {
    const customer = await context.store.get('customer', context.path.id ?? '');
    return listAnswer(context, 'payment_method', { customer: customer.id }, `/v1/customers/${customer.id}/payment_methods`);
  });
}
