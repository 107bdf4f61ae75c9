import type Stripe from 'stripe';
import { advanceClock } from '../billing/advance-clock';
import type { StripeRouter } from '../create-stripe-routes';
import { invalidRequest, missingParam } from '../stripe-api-error';
import { stripeId } from '../stripe-id';
import { listAnswer } from '../stripe-lists';
import type { Wire } from '../wire';

const MAX_ADVANCE_SECONDS = 2 * 366 * 86400;

/**
 * Test clocks (`/v1/test_helpers/test_clocks`). `advance` replays everything due up to the new time
 * inside the request (renewals, phase changes, endings), so the clock is `ready` when the call
 * answers; Stripe answers `advancing` first, and callers that poll until `ready` work with both.
 */
export function testClockRoutes(router: StripeRouter): void {
  router.post('/test_helpers/test_clocks', async (context) => {
    const frozenTime = context.params.integer('frozen_time');
    if (frozenTime === undefined) throw missingParam('frozen_time');
    const clock: Wire<Stripe.TestHelpers.TestClock> = {
      id: stripeId('clock'),
      object: 'test_helpers.test_clock',
      created: context.now(),
      deletes_after: context.now() + 30 * 86400,
      frozen_time: frozenTime,
      livemode: false,
      name: context.params.string('name') ?? null,
      status: 'ready',
      status_details: {},
    };
    await context.store.put('test_helpers.test_clock', clock);
    await context.emit('test_helpers.test_clock.created', clock);
    return { status: 200, body: await context.render(clock) };
  });

  router.get('/test_helpers/test_clocks/:id', async (context) => ({
    status: 200,
    body: await context.render(await context.store.get('test_helpers.test_clock', context.path.id ?? '')),
  }));

  router.get('/test_helpers/test_clocks', (context) => listAnswer(context, 'test_helpers.test_clock', {}, '/v1/test_helpers/test_clocks'));

  router.delete('/test_helpers/test_clocks/:id', async (context) => {
    const { store } = context;
    const clock = await store.get('test_helpers.test_clock', context.path.id ?? '');
    // Deleting a clock deletes its customers and everything that lived on it.
    for (const customer of await store.all('customer', { test_clock: clock.id })) {
      for (const kind of ['subscription', 'invoice', 'payment_intent', 'payment_method', 'charge', 'subscription_schedule'] as const) {
        for (const object of await store.all(kind, { customer: customer.id })) await store.remove(object.id);
      }
      await store.remove(customer.id);
    }
    await store.remove(clock.id);
    await context.emit('test_helpers.test_clock.deleted', clock);
    return { status: 200, body: { id: clock.id, object: 'test_helpers.test_clock', deleted: true } };
  });

  router.post('/test_helpers/test_clocks/:id/advance', async (context) => {
    const { store } = context;
    const clock = await store.get('test_helpers.test_clock', context.path.id ?? '');
    const target = context.params.integer('frozen_time');
    if (target === undefined) throw missingParam('frozen_time');
    if (target <= clock.frozen_time) throw invalidRequest('The test clock can only be advanced forward in time.', 'frozen_time');
    if (target - clock.frozen_time > MAX_ADVANCE_SECONDS) throw invalidRequest('You can only advance a test clock up to two intervals of its shortest subscription (two years without one).', 'frozen_time');
    await context.emit('test_helpers.test_clock.advancing', { ...clock, status: 'advancing', status_details: { advancing: { target_frozen_time: target } } });
    await advanceClock(context, clock.id, target);
    const ready = await store.get('test_helpers.test_clock', clock.id);
    await context.emit('test_helpers.test_clock.ready', ready);
    return { status: 200, body: await context.render(ready) };
  });
}
