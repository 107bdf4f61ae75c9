import type Stripe from 'stripe';
import type { StripeRouter } from '../create-stripe-routes';
import { invalidRequest } from '../stripe-api-error';
import { stripeId } from '../stripe-id';
import { listAnswer } from '../stripe-lists';
import type { Wire } from '../wire';

/** Coupons: percent or amount off, once / repeating / forever; applied as `discounts[0][coupon]`. */
export function couponRoutes(router: StripeRouter): void {
  router.post('/coupons', async (context) => {
    const { params, store } = context;
    const id = params.string('id') ?? stripeId('x', 8).slice(2);
    if ((await store.find('coupon', id)) !== undefined) throw invalidRequest('Coupon already exists.', 'id', 'resource_already_exists');
    const percentOff = params.number('percent_off') ?? null;
    const amountOff = params.integer('amount_off') ?? null;
    if ((percentOff === null) === (amountOff === null)) throw invalidRequest('Exactly one of percent_off or amount_off is required.', 'percent_off');
    if (percentOff !== null && (percentOff <= 0 || percentOff > 100)) throw invalidRequest('percent_off must be between 0 and 100.', 'percent_off');
    const currency = params.string('currency')?.toLowerCase() ?? null;
    if (amountOff !== null && currency === null) throw invalidRequest('You must specify a currency when creating an amount_off coupon.', 'currency');
    const duration = params.oneOf('duration', ['once', 'repeating', 'forever'] as const) ?? 'once';
    const months = params.integer('duration_in_months') ?? null;
    if (duration === 'repeating' && months === null) throw invalidRequest('duration_in_months is required for a repeating coupon.', 'duration_in_months');
    const coupon: Wire<Stripe.Coupon> = {
      id,
      object: 'coupon',
      amount_off: amountOff,
      created: context.now(),
      currency,
      duration,
      duration_in_months: duration === 'repeating' ? months : null,
      livemode: false,
      max_redemptions: params.integer('max_redemptions') ?? null,
      metadata: params.metadata() ?? {},
      name: params.string('name') ?? null,
      percent_off: percentOff,
      redeem_by: params.integer('redeem_by') ?? null,
      times_redeemed: 0,
      valid: true,
    };
    await store.put('coupon', coupon);
    await context.emit('coupon.created', coupon);
    return { status: 200, body: await context.render(coupon) };
  });

  router.get('/coupons/:id', async (context) => ({ status: 200, body: await context.render(await context.store.get('coupon', context.path.id ?? '')) }));

  router.post('/coupons/:id', async (context) => {
    const current = await context.store.get('coupon', context.path.id ?? '');
    const next = { ...current, name: context.params.string('name') ?? current.name, metadata: context.params.metadata(current.metadata ?? {}) ?? current.metadata };
    await context.store.put('coupon', next);
    await context.emit('coupon.updated', next);
    return { status: 200, body: await context.render(next) };
  });

  router.delete('/coupons/:id', async (context) => {
    const coupon = await context.store.get('coupon', context.path.id ?? '');
    await context.store.remove(coupon.id);
    await context.emit('coupon.deleted', coupon);
    return { status: 200, body: { id: coupon.id, object: 'coupon', deleted: true } };
  });

  router.get('/coupons', (context) => listAnswer(context, 'coupon', {}, '/v1/coupons'));
}
