import type { StripeRouter } from '../create-stripe-routes';
import { resolvePaymentMethod } from '../payments/card-payment-methods';
import { confirmPaymentIntent } from '../payments/payment-flow';
import { invalidRequest } from '../stripe-api-error';
import { listAnswer } from '../stripe-lists';

/** Invoices: retrieve (with `confirmation_secret`, `payments` when expanded), list, lines, pay, void. */
export function invoiceRoutes(router: StripeRouter): void {
  router.get('/invoices/:id', async (context) => ({ status: 200, body: await context.render(await context.store.get('invoice', context.path.id ?? '')) }));

  router.get('/invoices/:id/lines', async (context) => {
    const invoice = await context.store.get('invoice', context.path.id ?? '');
    return { status: 200, body: await context.render(invoice.lines) };
  });

  router.get('/invoices', async (context) => {
    const { params } = context;
    const where: Record<string, unknown> = {};
    const customer = params.string('customer');
    if (customer !== undefined) where.customer = customer;
    const subscription = params.string('subscription');
    if (subscription !== undefined) where.parent = { subscription_details: { subscription } };
    const status = params.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
    if (status !== undefined) where.status = status;
    return listAnswer(context, 'invoice', where, '/v1/invoices');
  });

  router.post('/invoices/:id/pay', async (context) => {
    const { store, params } = context;
    const invoice = await store.get('invoice', context.path.id ?? '');
    if (invoice.status !== 'open') throw invalidRequest(`Invoice is already ${invoice.status ?? 'settled'}.`, undefined, 'invoice_not_open');
    const intentId = invoice.payments?.data[0]?.payment.payment_intent;
    if (typeof intentId !== 'string') throw invalidRequest('This invoice has nothing to pay.');
    const intent = await store.get('payment_intent', intentId);
    const customer = typeof invoice.customer === 'string' ? await store.get('customer', invoice.customer) : undefined;
    const methodId = params.string('payment_method') ?? (typeof intent.payment_method === 'string' ? intent.payment_method : undefined) ?? (typeof customer?.invoice_settings.default_payment_method === 'string' ? customer.invoice_settings.default_payment_method : undefined);
    if (methodId === undefined) throw invalidRequest('This customer has no attached payment source or default payment method.', 'payment_method');
    const outcome = await confirmPaymentIntent(context, intent, await resolvePaymentMethod(context, methodId, 'payment_method'), { offSession: params.boolean('off_session') ?? true });
    if (outcome.error !== undefined) return { status: 402, body: { error: outcome.error } };
    return { status: 200, body: await context.render(await store.get('invoice', invoice.id)) };
  });

  router.post('/invoices/:id/void', async (context) => {
    const invoice = await context.store.get('invoice', context.path.id ?? '');
    if (invoice.status !== 'open') throw invalidRequest(`You can only void an open invoice; this one is ${invoice.status ?? 'unknown'}.`);
    const voided = { ...invoice, status: 'void' as const, status_transitions: { ...invoice.status_transitions, voided_at: context.now() } };
    await context.store.put('invoice', voided);
    await context.emit('invoice.voided', voided);
    return { status: 200, body: await context.render(voided) };
  });
}
