import type Stripe from 'stripe';
import { addInterval, customerTime, onClock } from '../billing/billing-time';
import { createSubscriptionInvoice, unitAmountIn } from '../billing/create-subscription-invoice';
import type { WireSubscription } from '../billing/create-subscription-invoice';
import type { StripeRouter } from '../create-stripe-routes';
import { resolvePaymentMethod } from '../payments/card-payment-methods';
import { confirmPaymentIntent } from '../payments/payment-flow';
import { invalidRequest, missingParam, StripeApiError } from '../stripe-api-error';
import type { StripeContext, StripeOps } from '../stripe-context';
import { stripeId } from '../stripe-id';
import { listAnswer, searchAnswer } from '../stripe-lists';
import type { Wire } from '../wire';

type WirePrice = Wire<Stripe.Price>;

/**
 * Subscriptions under the current API version (STRIPE.md 1.6): create (default_incomplete gives an
 * open invoice whose PaymentIntent's client secret is `latest_invoice.confirmation_secret`), retrieve,
 * update (`cancel_at_period_end`, metadata, default payment method), cancel with DELETE, list, search.
 */
export function subscriptionRoutes(router: StripeRouter): void {
  router.post('/subscriptions', async (context) => {
    const { params, store } = context;
    const customerId = params.string('customer');
    if (customerId === undefined) throw missingParam('customer');
    await store.get('customer', customerId, 'customer');
    const items = params.objects('items');
    if (items === undefined || items.length === 0) throw missingParam('items');
    const prices: { price: WirePrice; quantity: number }[] = [];
    for (const item of items) {
      const priceId = item.string('price');
      if (priceId === undefined) throw missingParam(item.name('price'));
      const price = await store.get('price', priceId, item.name('price'));
      if (price.recurring === null) throw invalidRequest(`The price specified (${price.id}) is not recurring. Subscriptions need recurring prices.`, item.name('price'));
      if (!price.active) throw invalidRequest(`The price specified (${price.id}) is inactive.`, item.name('price'));
      prices.push({ price, quantity: item.integer('quantity') ?? 1 });
    }
    const first = prices[0];
    if (first === undefined) throw missingParam('items');
    const currency = (params.string('currency') ?? first.price.currency).toLowerCase();
    for (const [index, { price }] of prices.entries()) unitAmountIn(price, currency, index === 0 ? 'currency' : `items[${index}][price]`);
    const interval = first.price.recurring?.interval ?? 'month';
    const intervalCount = first.price.recurring?.interval_count ?? 1;
    const behaviour = params.oneOf('payment_behavior', ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'] as const) ?? 'allow_incomplete';
    const settings = params.object('payment_settings');
    const defaultMethodId = params.string('default_payment_method') ?? null;
    if (defaultMethodId !== null) await store.get('payment_method', defaultMethodId, 'default_payment_method');

    const { now, clock } = await customerTime(context, customerId);
    const ops = onClock(context, now);
    const subscriptionId = stripeId('sub');
    const periodEnd = addInterval(now, interval, intervalCount);

    const discounts: string[] = [];
    for (const [index, entry] of (params.objects('discounts') ?? []).entries()) {
      const couponId = entry.string('coupon');
      if (couponId === undefined) continue;
      const coupon = await store.get('coupon', couponId, `discounts[${index}][coupon]`);
      if (!coupon.valid) throw invalidRequest(`Coupon ${coupon.id} is no longer valid.`, `discounts[${index}][coupon]`);
      const discount: Wire<Stripe.Discount> = {
        id: stripeId('di'),
        object: 'discount',
        checkout_session: null,
        customer: customerId,
        customer_account: null,
        end: coupon.duration === 'repeating' && coupon.duration_in_months !== null ? addInterval(now, 'month', coupon.duration_in_months) : null,
        invoice: null,
        invoice_item: null,
        promotion_code: null,
        source: { coupon, type: 'coupon' },
        start: now,
        subscription: subscriptionId,
        subscription_item: null,
      };
      await store.put('discount', discount);
      await store.put('coupon', { ...coupon, times_redeemed: coupon.times_redeemed + 1 });
      discounts.push(discount.id);
    }

    const subscription: WireSubscription = {
      id: subscriptionId,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: now,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'classic' },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency,
      customer: customerId,
      customer_account: null,
      days_until_due: null,
      default_payment_method: defaultMethodId,
      default_source: null,
      description: params.string('description') ?? null,
      discounts,
      ended_at: null,
      invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: prices.map(({ price, quantity }) => subscriptionItem(subscriptionId, price, quantity, now, periodEnd)),
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata: params.metadata() ?? {},
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: settings?.strings('payment_method_types') ?? null,
        save_default_payment_method: settings?.oneOf('save_default_payment_method', ['off', 'on_subscription'] as const) ?? 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: 'incomplete',
      test_clock: clock,
      transfer_data: null,
      trial_end: null,
      trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
      trial_start: null,
    };
    await store.put('subscription', subscription);
    const { invoice, intent } = await createSubscriptionInvoice(ops, subscription, 'subscription_create', { start: now, end: periodEnd });
    // A `once` coupon is used up by the first invoice, as in Stripe.
    const lasting: string[] = [];
    for (const id of discounts) {
      const discount = await store.get('discount', id);
      const coupon = discount.source.coupon;
      if (typeof coupon === 'object' && coupon !== null && coupon.duration === 'once') continue;
      lasting.push(id);
    }
    let created: WireSubscription = { ...subscription, latest_invoice: invoice.id, discounts: lasting, status: intent === undefined ? 'active' : 'incomplete' };
    await store.put('subscription', created);
    await ops.emit('customer.subscription.created', created);

    if (intent !== undefined && behaviour !== 'default_incomplete') {
      const customer = await store.get('customer', customerId);
      const methodId = defaultMethodId ?? (typeof customer.invoice_settings.default_payment_method === 'string' ? customer.invoice_settings.default_payment_method : null);
      if (methodId === null) {
        if (behaviour === 'error_if_incomplete') throw invalidRequest('This customer has no attached payment source or default payment method.', 'customer', 'resource_missing');
      } else {
        const outcome = await confirmPaymentIntent(ops, intent, await resolvePaymentMethod(ops, methodId, 'default_payment_method'), { offSession: true });
        // error_if_incomplete creates nothing when the first payment fails: throwing rolls everything back.
        if (outcome.error !== undefined && behaviour === 'error_if_incomplete') throw new StripeApiError(402, outcome.error);
        created = await store.get('subscription', subscriptionId);
      }
    }
    return { status: 200, body: await context.render(created) };
  });

  router.get('/subscriptions/search', (context) => searchAnswer(context, 'subscription', '/v1/subscriptions/search'));

  router.get('/subscriptions/:id', async (context) => ({
    status: 200,
    body: await context.render(await context.store.get('subscription', context.path.id ?? '')),
  }));

  router.post('/subscriptions/:id', async (context) => {
    const { params, store } = context;
    const current = await store.get('subscription', context.path.id ?? '');
    if (current.status === 'canceled' || current.status === 'incomplete_expired') {
      throw invalidRequest(`A canceled subscription can only update its cancellation_details and metadata.`, undefined);
    }
    const customerId = typeof current.customer === 'string' ? current.customer : current.customer.id;
    const { now } = await customerTime(context, customerId);
    let next: WireSubscription = { ...current, metadata: params.metadata(current.metadata) ?? current.metadata };
    const cancelAtPeriodEnd = params.boolean('cancel_at_period_end');
    // As Stripe: a schedule owns the subscription's end; release it (or update it) first.
    if ((cancelAtPeriodEnd !== undefined || params.raw.cancel_at !== undefined) && current.schedule !== null) {
      const scheduleId = typeof current.schedule === 'string' ? current.schedule : current.schedule.id;
      throw invalidRequest(
        `The subscription is managed by the subscription schedule \`${scheduleId}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
        undefined,
      );
    }
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== current.cancel_at_period_end) {
      const periodEnd = current.items.data[0]?.current_period_end ?? now;
      next = cancelAtPeriodEnd
        ? { ...next, cancel_at_period_end: true, cancel_at: periodEnd, canceled_at: now, cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: 'cancellation_requested' } }
        : { ...next, cancel_at_period_end: false, cancel_at: null, canceled_at: null, cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null } };
    }
    const methodId = params.nullableString('default_payment_method');
    if (methodId !== undefined) {
      if (methodId !== null) await store.get('payment_method', methodId, 'default_payment_method');
      next = { ...next, default_payment_method: methodId };
    }
    const description = params.nullableString('description');
    if (description !== undefined) next = { ...next, description };
    const previous: Record<string, unknown> = {};
    for (const key of ['metadata', 'cancel_at_period_end', 'cancel_at', 'canceled_at', 'cancellation_details', 'default_payment_method', 'description'] as const) {
      if (JSON.stringify(next[key]) !== JSON.stringify(current[key])) previous[key] = current[key];
    }
    await store.put('subscription', next);
    if (Object.keys(previous).length > 0) await onClock(context, now).emit('customer.subscription.updated', next, previous);
    return { status: 200, body: await context.render(next) };
  });

  router.delete('/subscriptions/:id', async (context) => {
    const current = await context.store.get('subscription', context.path.id ?? '');
    if (current.status === 'canceled') throw invalidRequest(`No such subscription: '${current.id}' is already canceled.`, 'id', 'resource_missing');
    const customerId = typeof current.customer === 'string' ? current.customer : current.customer.id;
    const { now } = await customerTime(context, customerId);
    const canceled = await cancelSubscription(onClock(context, now), current, 'cancellation_requested');
    return { status: 200, body: await context.render(canceled) };
  });

  router.get('/subscriptions', async (context) => {
    const { params } = context;
    const where: Record<string, unknown> = {};
    const customer = params.string('customer');
    if (customer !== undefined) where.customer = customer;
    const clock = params.string('test_clock');
    if (clock !== undefined) where.test_clock = clock;
    const price = params.string('price');
    if (price !== undefined) where.items = { data: [{ price: { id: price } }] };
    const status = params.oneOf('status', ['active', 'all', 'canceled', 'ended', 'incomplete', 'incomplete_expired', 'past_due', 'paused', 'trialing', 'unpaid'] as const);
    if (status !== undefined && status !== 'all' && status !== 'ended') where.status = status;
    if (status === undefined) return listActive(context, where);
    return listAnswer(context, 'subscription', where, '/v1/subscriptions');
  });
}

/** Without `status`, Stripe lists every subscription that is not canceled. */
async function listActive(context: StripeContext, where: Record<string, unknown>) {
  const all = (await context.store.all('subscription', where)).filter((subscription) => subscription.status !== 'canceled');
  const limit = context.params.integer('limit') ?? 10;
  const after = context.params.string('starting_after');
  const start = after === undefined ? 0 : all.findIndex((subscription) => subscription.id === after) + 1;
  const data = all.slice(start, start + limit);
  return { status: 200, body: await context.render({ object: 'list', data, has_more: all.length > start + limit, url: '/v1/subscriptions' }) };
}

/** Ends a subscription now: open invoices are voided and their PaymentIntents canceled. */
export async function cancelSubscription(ops: StripeOps, current: WireSubscription, reason: 'cancellation_requested' | 'payment_failed'): Promise<WireSubscription> {
  const now = ops.now();
  for (const invoice of await ops.store.all('invoice', { parent: { subscription_details: { subscription: current.id } }, status: 'open' })) {
    const voided = { ...invoice, status: 'void' as const, status_transitions: { ...invoice.status_transitions, voided_at: now } };
    await ops.store.put('invoice', voided);
    await ops.emit('invoice.voided', voided);
    for (const payment of invoice.payments?.data ?? []) {
      const intentId = payment.payment.payment_intent;
      if (typeof intentId !== 'string') continue;
      const intent = await ops.store.find('payment_intent', intentId);
      if (intent === undefined || intent.status === 'succeeded' || intent.status === 'canceled') continue;
      const canceledIntent = { ...intent, status: 'canceled' as const, canceled_at: now, cancellation_reason: 'void_invoice' as const };
      await ops.store.put('payment_intent', canceledIntent);
      await ops.emit('payment_intent.canceled', canceledIntent);
    }
  }
  const canceled: WireSubscription = {
    ...current,
    status: 'canceled',
    canceled_at: current.canceled_at ?? now,
    ended_at: now,
    cancel_at_period_end: false,
    cancellation_details: { ...(current.cancellation_details ?? { comment: null, feedback: null, feedback_option: null }), reason: current.cancellation_details?.reason ?? reason },
  };
  await ops.store.put('subscription', canceled);
  await ops.emit('customer.subscription.deleted', canceled);
  return canceled;
}

export function subscriptionItem(subscriptionId: string, price: WirePrice, quantity: number, start: number, end: number): Wire<Stripe.SubscriptionItem> {
  const recurring = price.recurring;
  return {
    id: stripeId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: start,
    current_period_end: end,
    current_period_start: start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: {
      id: price.id,
      object: 'plan',
      active: price.active,
      amount: price.unit_amount,
      amount_decimal: price.unit_amount_decimal,
      billing_scheme: 'per_unit',
      created: price.created,
      currency: price.currency,
      interval: recurring?.interval ?? 'month',
      interval_count: recurring?.interval_count ?? 1,
      livemode: false,
      metadata: price.metadata,
      meter: null,
      nickname: price.nickname,
      product: price.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    // The whole price, currency_options included (hidden unless expanded): renewals bill from it.
    price,
    quantity,
    subscription: subscriptionId,
    tax_rates: [],
  };
}
