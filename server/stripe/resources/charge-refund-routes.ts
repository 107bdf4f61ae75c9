import type Stripe from 'stripe';
import type { StripeRouter } from '../create-stripe-routes';
import { invalidRequest, missingParam } from '../stripe-api-error';
import { stripeId } from '../stripe-id';
import { listAnswer } from '../stripe-lists';
import type { Wire } from '../wire';

/** Charges (read) and refunds: a refund of a PaymentIntent's charge, whole or partial, succeeds at once. */
export function chargeRefundRoutes(router: StripeRouter): void {
  router.get('/charges/:id', async (context) => ({ status: 200, body: await context.render(await context.store.get('charge', context.path.id ?? '')) }));

  router.get('/charges', async (context) => {
    const where: Record<string, unknown> = {};
    const customer = context.params.string('customer');
    if (customer !== undefined) where.customer = customer;
    const intent = context.params.string('payment_intent');
    if (intent !== undefined) where.payment_intent = intent;
    return listAnswer(context, 'charge', where, '/v1/charges');
  });

  router.post('/refunds', async (context) => {
    const { params, store } = context;
    const intentId = params.string('payment_intent');
    let chargeId = params.string('charge');
    if (intentId !== undefined) {
      const intent = await store.get('payment_intent', intentId, 'payment_intent');
      if (intent.status !== 'succeeded' || typeof intent.latest_charge !== 'string') {
        throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent');
      }
      chargeId = intent.latest_charge;
    }
    if (chargeId === undefined) throw missingParam('charge');
    const charge = await store.get('charge', chargeId, 'charge');
    if (!charge.paid) throw invalidRequest(`Charge ${charge.id} has not been paid; nothing to refund.`, 'charge');
    const refundable = charge.amount - charge.amount_refunded;
    if (refundable <= 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
    const amount = params.integer('amount') ?? refundable;
    if (amount < 1) throw invalidRequest('Refund amount must be positive.', 'amount');
    if (amount > refundable) {
      throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${refundable})`, 'amount', 'amount_too_large');
    }
    const refund: Wire<Stripe.Refund> = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      balance_transaction: stripeId('txn'),
      charge: charge.id,
      created: context.now(),
      currency: charge.currency,
      customer: charge.customer,
      customer_account: null,
      destination_details: { type: 'card', card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' } },
      metadata: params.metadata() ?? {},
      payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : null,
      payment_method: charge.payment_method,
      reason: params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    await store.put('refund', refund);
    const refundedCharge = { ...charge, amount_refunded: charge.amount_refunded + amount, refunded: charge.amount_refunded + amount >= charge.amount };
    await store.put('charge', refundedCharge);
    await context.emit('refund.created', refund);
    await context.emit('charge.refunded', refundedCharge, { amount_refunded: charge.amount_refunded, refunded: charge.refunded });
    return { status: 200, body: await context.render(refund) };
  });

  router.get('/refunds/:id', async (context) => ({ status: 200, body: await context.render(await context.store.get('refund', context.path.id ?? '')) }));

  router.get('/refunds', async (context) => {
    const where: Record<string, unknown> = {};
    const charge = context.params.string('charge');
    if (charge !== undefined) where.charge = charge;
    const intent = context.params.string('payment_intent');
    if (intent !== undefined) where.payment_intent = intent;
    return listAnswer(context, 'refund', where, '/v1/refunds');
  });
}
