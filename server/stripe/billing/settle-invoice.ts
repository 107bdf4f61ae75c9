import type Stripe from 'stripe';
import type { WirePaymentMethod } from '../payments/card-payment-methods';
import type { StripeOps } from '../stripe-context';
import type { Wire } from '../wire';

type WireIntent = Wire<Stripe.PaymentIntent>;

/**
 * Carries a PaymentIntent's outcome to the invoice it pays (found through its invoice_payment) and
 * the subscription behind that invoice: paid -> invoice paid, subscription active, the card saved as
 * the subscription's default (`save_default_payment_method: on_subscription`); failed -> the attempt
 * counted, `invoice.payment_failed`, and a renewal's subscription past_due.
 */
export async function settleInvoiceForIntent(ops: StripeOps, intent: WireIntent, method: WirePaymentMethod | undefined): Promise<void> {
  const [payment] = await ops.store.all('invoice_payment', { payment: { payment_intent: intent.id } });
  if (payment === undefined) return;
  const invoiceId = typeof payment.invoice === 'string' ? payment.invoice : payment.invoice.id;
  const invoice = await ops.store.get('invoice', invoiceId);
  const now = ops.now();
  const subscriptionRef = invoice.parent?.subscription_details?.subscription;
  const subscriptionId = typeof subscriptionRef === 'string' ? subscriptionRef : undefined;
  const subscription = subscriptionId === undefined ? undefined : await ops.store.find('subscription', subscriptionId);

  if (intent.status === 'succeeded') {
    const paidPayment = { ...payment, status: 'paid', amount_paid: intent.amount, status_transitions: { ...payment.status_transitions, paid_at: now } };
    await ops.store.put('invoice_payment', paidPayment);
    const paidInvoice = {
      ...invoice,
      status: 'paid' as const,
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempted: true,
      attempt_count: invoice.attempt_count + 1,
      next_payment_attempt: null,
      status_transitions: { ...invoice.status_transitions, paid_at: now },
      payments: { ...emptyList(invoice.id), ...invoice.payments, data: (invoice.payments?.data ?? []).map((p) => (p.id === payment.id ? paidPayment : p)) },
    };
    await ops.store.put('invoice', paidInvoice);
    await ops.emit('invoice_payment.paid', paidPayment);
    await ops.emit('invoice.paid', paidInvoice);
    await ops.emit('invoice.payment_succeeded', paidInvoice);
    if (subscription === undefined) return;
    const previous: Record<string, unknown> = {};
    let next = { ...subscription };
    if (['incomplete', 'past_due', 'unpaid'].includes(subscription.status)) {
      previous.status = subscription.status;
      next = { ...next, status: 'active' };
    }
    if (subscription.payment_settings?.save_default_payment_method === 'on_subscription' && method !== undefined && subscription.default_payment_method !== method.id) {
      previous.default_payment_method = subscription.default_payment_method;
      next = { ...next, default_payment_method: method.id };
    }
    if (Object.keys(previous).length > 0) {
      await ops.store.put('subscription', next);
      await ops.emit('customer.subscription.updated', next, previous);
    }
    return;
  }

  const failedInvoice = { ...invoice, attempted: true, attempt_count: invoice.attempt_count + 1 };
  await ops.store.put('invoice', failedInvoice);
  await ops.emit('invoice.payment_failed', failedInvoice);
  if (subscription !== undefined && invoice.billing_reason === 'subscription_cycle' && subscription.status === 'active') {
    const pastDue = { ...subscription, status: 'past_due' as const };
    await ops.store.put('subscription', pastDue);
    await ops.emit('customer.subscription.updated', pastDue, { status: subscription.status });
  }
}

function emptyList(invoiceId: string): { object: 'list'; data: never[]; has_more: boolean; url: string } {
  return { object: 'list', data: [], has_more: false, url: `/v1/invoices/${invoiceId}/payments` };
}
