import type Stripe from 'stripe';
import { addInterval, customerTime, onClock } from '../billing/billing-time';
import type { StripeRouter } from '../create-stripe-routes';
import { invalidRequest, missingParam } from '../stripe-api-error';
import type { StripeContext } from '../stripe-context';
import { stripeId } from '../stripe-id';
import { listAnswer } from '../stripe-lists';
import type { Wire } from '../wire';
import { cancelSubscription } from './subscription-routes';

type WireSchedule = Wire<Stripe.SubscriptionSchedule>;
type WirePhase = Wire<Stripe.SubscriptionSchedule.Phase>;

/**
 * Subscription schedules (STRIPE.md 1.7): `from_subscription` (alone) copies the subscription's
 * current period as phase 0; an update replaces the phase list (`end_date` or `duration`); release
 * and cancel. Phase boundaries are crossed by time (test clocks): the items switch to the next phase's
 * prices and the renewal bills them.
 */
export function subscriptionScheduleRoutes(router: StripeRouter): void {
  router.post('/subscription_schedules', async (context) => {
    const { params, store } = context;
    const from = params.string('from_subscription');
    if (from === undefined) throw invalidRequest('The emulator creates schedules from_subscription only.', 'from_subscription');
    const others = params.keys().filter((key) => !['from_subscription', 'expand'].includes(key));
    if (others.length > 0) throw invalidRequest(`You cannot set '${others[0] ?? ''}' if 'from_subscription' is set.`, others[0]);
    const subscription = await store.get('subscription', from, 'from_subscription');
    if (subscription.schedule !== null) throw invalidRequest(`The subscription ${subscription.id} is already attached to a schedule.`, 'from_subscription');
    if (!['active', 'past_due', 'trialing', 'incomplete'].includes(subscription.status)) {
      throw invalidRequest(`You cannot migrate a subscription that is ${subscription.status}.`, 'from_subscription');
    }
    const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    const { now } = await customerTime(context, customerId);
    const first = subscription.items.data[0];
    const start = first?.current_period_start ?? now;
    const end = first?.current_period_end ?? now;
    const schedule: WireSchedule = {
      id: stripeId('sub_sched'),
      object: 'subscription_schedule',
      application: null,
      billing_mode: { flexible: null, type: 'classic' },
      canceled_at: null,
      completed_at: null,
      created: now,
      current_phase: { start_date: start, end_date: end },
      customer: customerId,
      customer_account: null,
      default_settings: {
        application_fee_percent: null,
        billing_cycle_anchor: 'automatic',
        billing_thresholds: null,
        collection_method: 'charge_automatically',
        default_payment_method: null,
        description: null,
        invoice_settings: { account_tax_ids: null, custom_fields: null, days_until_due: null, description: null, footer: null, issuer: { type: 'self' } },
        on_behalf_of: null,
        transfer_data: null,
      },
      end_behavior: 'release',
      livemode: false,
      metadata: {},
      pause_schedules: [],
      phases: [phase(subscription.currency, start, end, subscription.items.data.map((item) => ({ price: item.price.id, quantity: item.quantity ?? 1 })))],
      released_at: null,
      released_subscription: null,
      status: 'active',
      subscription: subscription.id,
      test_clock: subscription.test_clock,
    };
    await store.put('subscription_schedule', schedule);
    const attached = { ...subscription, schedule: schedule.id };
    await store.put('subscription', attached);
    const ops = onClock(context, now);
    await ops.emit('subscription_schedule.created', schedule);
    await ops.emit('customer.subscription.updated', attached, { schedule: null });
    return { status: 200, body: await context.render(schedule) };
  });

  router.get('/subscription_schedules/:id', async (context) => ({
    status: 200,
    body: await context.render(await context.store.get('subscription_schedule', context.path.id ?? '')),
  }));

  router.get('/subscription_schedules', async (context) => {
    const customer = context.params.string('customer');
    return listAnswer(context, 'subscription_schedule', customer === undefined ? {} : { customer }, '/v1/subscription_schedules');
  });

  router.post('/subscription_schedules/:id', async (context) => {
    const { params, store } = context;
    const current = await activeSchedule(context);
    const sent = params.objects('phases');
    let phases = current.phases;
    if (sent !== undefined) {
      if (sent.length === 0) throw missingParam('phases');
      const currency = current.phases[0]?.currency ?? 'eur';
      phases = [];
      let previousEnd: number | undefined;
      for (const [index, entry] of sent.entries()) {
        const items = entry.objects('items');
        if (items === undefined || items.length === 0) throw missingParam(`phases[${index}][items]`);
        const prices: { price: string; quantity: number }[] = [];
        for (const item of items) {
          const priceId = item.string('price');
          if (priceId === undefined) throw missingParam(item.name('price'));
          await store.get('price', priceId, item.name('price'));
          prices.push({ price: priceId, quantity: item.integer('quantity') ?? 1 });
        }
        const startParam = entry.string('start_date');
        const start = startParam === undefined ? (previousEnd ?? current.phases[0]?.start_date ?? context.now()) : startParam === 'now' ? context.now() : Number(startParam);
        if (index === 0 && current.status === 'active' && current.phases[0] !== undefined && start !== current.phases[0].start_date) {
          throw invalidRequest('You can not modify the start date of the current phase.', `phases[0][start_date]`);
        }
        const endDate = entry.integer('end_date');
        const duration = entry.object('duration');
        const firstPrice = await store.get('price', prices[0]?.price ?? '');
        const end =
          endDate ??
          (duration !== undefined
            ? addInterval(start, duration.requiredString('interval'), duration.integer('interval_count') ?? 1)
            : addInterval(start, firstPrice.recurring?.interval ?? 'month', (firstPrice.recurring?.interval_count ?? 1) * (entry.integer('iterations') ?? 1)));
        if (end <= start) throw invalidRequest('A phase must end after it starts.', `phases[${index}][end_date]`);
        if (previousEnd !== undefined && start !== previousEnd) throw invalidRequest('Phases must be contiguous.', `phases[${index}][start_date]`);
        phases.push(phase(currency, start, end, prices, entry.oneOf('proration_behavior', ['always_invoice', 'create_prorations', 'none'] as const) ?? 'create_prorations'));
        previousEnd = end;
      }
    }
    const next: WireSchedule = {
      ...current,
      phases,
      end_behavior: params.oneOf('end_behavior', ['cancel', 'none', 'release', 'renew'] as const) ?? current.end_behavior,
      metadata: params.metadata(current.metadata ?? {}) ?? current.metadata,
      current_phase: phases[0] === undefined ? null : { start_date: phases[0].start_date, end_date: phases[0].end_date },
    };
    await store.put('subscription_schedule', next);
    await context.emit('subscription_schedule.updated', next);
    return { status: 200, body: await context.render(next) };
  });

  router.post('/subscription_schedules/:id/release', async (context) => {
    const current = await activeSchedule(context);
    const subscriptionId = typeof current.subscription === 'string' ? current.subscription : null;
    const released: WireSchedule = { ...current, status: 'released', released_at: context.now(), released_subscription: subscriptionId, subscription: null, current_phase: null };
    await context.store.put('subscription_schedule', released);
    if (subscriptionId !== null) {
      const subscription = await context.store.get('subscription', subscriptionId);
      await context.store.put('subscription', { ...subscription, schedule: null });
    }
    await context.emit('subscription_schedule.released', released);
    return { status: 200, body: await context.render(released) };
  });

  router.post('/subscription_schedules/:id/cancel', async (context) => {
    const current = await activeSchedule(context);
    const canceled: WireSchedule = { ...current, status: 'canceled', canceled_at: context.now(), current_phase: null };
    await context.store.put('subscription_schedule', canceled);
    if (typeof current.subscription === 'string') {
      const subscription = await context.store.get('subscription', current.subscription);
      if (subscription.status !== 'canceled') await cancelSubscription(context, { ...subscription, schedule: null }, 'cancellation_requested');
    }
    await context.emit('subscription_schedule.canceled', canceled);
    return { status: 200, body: await context.render(canceled) };
  });
}

async function activeSchedule(context: StripeContext): Promise<WireSchedule> {
  const schedule = await context.store.get('subscription_schedule', context.path.id ?? '');
  if (schedule.status !== 'active' && schedule.status !== 'not_started') {
    throw invalidRequest(`You cannot update a subscription schedule that is ${schedule.status}.`);
  }
  return schedule;
}

function phase(
  currency: string,
  start: number,
  end: number,
  items: readonly { price: string; quantity: number }[],
  prorationBehavior: WirePhase['proration_behavior'] = 'create_prorations',
): WirePhase {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency,
    default_payment_method: null,
    description: null,
    discounts: [],
    end_date: end,
    invoice_settings: null,
    items: items.map((item) => ({ billing_thresholds: null, discounts: [], metadata: {}, plan: item.price, price: item.price, quantity: item.quantity, tax_rates: [] })),
    metadata: {},
    on_behalf_of: null,
    proration_behavior: prorationBehavior,
    start_date: start,
    transfer_data: null,
    trial_end: null,
  };
}
