import type Stripe from 'stripe';
import { createPaymentIntent } from '../payments/payment-flow';
import type { WirePaymentIntent } from '../payments/payment-flow';
import { invalidRequest } from '../stripe-api-error';
import type { StripeOps } from '../stripe-context';
import { stripeId } from '../stripe-id';
import type { Wire } from '../wire';

export type WireInvoice = Wire<Stripe.Invoice>;
export type WireSubscription = Wire<Stripe.Subscription>;
type WirePrice = Wire<Stripe.Price>;

/** A price's amount in a currency: the price's own, or its `currency_options` entry. */
export function unitAmountIn(price: WirePrice, currency: string, param = 'currency'): number {
  const amount = price.currency === currency ? price.unit_amount : price.currency_options?.[currency]?.unit_amount;
  if (amount === undefined || amount === null) {
    throw invalidRequest(`The price specified (${price.id}) does not support the currency ${currency}.`, param);
  }
  return amount;
}

/**
 * The subscription's invoice for one period, finalized at once: a line per item at the period's
 * price in the subscription's currency, the discounts still running, and (when something is due) a
 * PaymentIntent behind `confirmation_secret` and `payments`. Nothing due: paid on the spot.
 */
export async function createSubscriptionInvoice(
  ops: StripeOps,
  subscription: WireSubscription,
  reason: 'subscription_create' | 'subscription_cycle',
  period: { readonly start: number; readonly end: number },
): Promise<{ invoice: WireInvoice; intent: WirePaymentIntent | undefined }> {
  const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const customer = await ops.store.get('customer', customerId);
  const now = ops.now();
  const invoiceId = stripeId('in');
  const currency = subscription.currency;

  const lines = subscription.items.data.map((item) => {
    const quantity = item.quantity ?? 1;
    const amount = unitAmountIn(item.price, currency) * quantity;
    return { item, quantity, amount };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);

  const discountAmounts: { amount: number; discount: string }[] = [];
  let remaining = subtotal;
  for (const reference of subscription.discounts) {
    const discountId = typeof reference === 'string' ? reference : reference.id;
    const discount = await ops.store.find('discount', discountId);
    if (discount === undefined || (discount.end !== null && discount.end <= period.start)) continue;
    const coupon = discount.source.coupon;
    if (coupon === null || typeof coupon === 'string') continue;
    const off =
      coupon.percent_off !== null
        ? Math.round((subtotal * coupon.percent_off) / 100)
        : coupon.amount_off !== null && coupon.currency === currency
          ? coupon.amount_off
          : 0;
    const applied = Math.min(off, remaining);
    remaining -= applied;
    discountAmounts.push({ amount: applied, discount: discount.id });
  }
  const total = remaining;

  const sequence = customer.next_invoice_sequence ?? 1;
  await ops.store.put('customer', { ...customer, next_invoice_sequence: sequence + 1 });

  const intent =
    total > 0
      ? await createPaymentIntent(ops, {
          amount: total,
          currency,
          customer: customerId,
          description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
          setupFutureUsage: subscription.payment_settings?.save_default_payment_method === 'on_subscription' ? 'off_session' : null,
          paymentMethodTypes: subscription.payment_settings?.payment_method_types ?? ['card'],
        })
      : undefined;

  const payments: Wire<Stripe.InvoicePayment>[] =
    intent === undefined
      ? []
      : [
          {
            id: stripeId('inpay'),
            object: 'invoice_payment',
            amount_paid: null,
            amount_requested: total,
            created: now,
            currency,
            invoice: invoiceId,
            is_default: true,
            livemode: false,
            payment: { type: 'payment_intent', payment_intent: intent.id },
            status: 'open',
            status_transitions: { canceled_at: null, paid_at: null },
          },
        ];

  const invoice: WireInvoice = {
    id: invoiceId,
    object: 'invoice',
    account_country: 'IE',
    account_name: 'Nutrition (local emulator)',
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: total === 0,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    confirmation_secret: intent === undefined || intent.client_secret === null ? null : { type: 'payment_intent', client_secret: intent.client_secret },
    created: now,
    currency,
    custom_fields: null,
    customer: customerId,
    customer_account: null,
    customer_address: null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: discountAmounts.map((entry) => entry.discount),
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: 'list',
      data: lines.map(({ item, quantity, amount }) => ({
        id: stripeId('il'),
        object: 'line_item',
        amount,
        currency,
        description: `${quantity} × ${item.price.nickname ?? 'Subscription'} (at ${formatAmount(amount / quantity, currency)} / ${item.price.recurring?.interval ?? 'period'})`,
        discount_amounts: discountAmounts.map((entry) => ({ amount: lines.length === 1 ? entry.amount : 0, discount: entry.discount })),
        discountable: true,
        discounts: [],
        invoice: invoiceId,
        livemode: false,
        metadata: {},
        parent: {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: subscription.id, subscription_item: item.id },
        },
        period: { start: period.start, end: period.end },
        pretax_credit_amounts: [],
        pricing: { type: 'price_details', price_details: { price: item.price.id, product: typeof item.price.product === 'string' ? item.price.product : item.price.product.id }, unit_amount_decimal: String(amount / quantity) },
        quantity,
        quantity_decimal: String(quantity),
        subscription: subscription.id,
        subtotal: amount,
        taxes: [],
      })),
      has_more: false,
      url: `/v1/invoices/${invoiceId}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${customer.invoice_prefix ?? 'EMU'}-${String(sequence).padStart(4, '0')}`,
    on_behalf_of: null,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: subscription.metadata, subscription: subscription.id } },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: subscription.payment_settings?.payment_method_types ?? null },
    payments: { object: 'list', data: payments, has_more: false, url: `/v1/invoices/${invoiceId}/payments` },
    // A licensed subscription's invoice covers usage up to its creation: Stripe sets both to that moment.
    period_end: period.start,
    period_start: period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: total === 0 ? 'paid' : 'open',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: total === 0 ? now : null, voided_at: null },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: subscription.test_clock,
    total,
    total_discount_amounts: discountAmounts.map((entry) => ({ amount: entry.amount, discount: entry.discount })),
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: now,
  };
  for (const payment of payments) await ops.store.put('invoice_payment', payment);
  await ops.store.put('invoice', invoice);
  await ops.emit('invoice.created', invoice);
  await ops.emit('invoice.finalized', invoice);
  if (total === 0) {
    await ops.emit('invoice.paid', invoice);
    await ops.emit('invoice.payment_succeeded', invoice);
  }
  return { invoice, intent };
}

function formatAmount(minor: number, currency: string): string {
  return `${currency.toUpperCase()} ${(minor / 100).toFixed(2)}`;
}
