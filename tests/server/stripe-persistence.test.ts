import { describe, expect, it } from 'vitest';
import { emulatorClient } from './support/stripe-target';
import { SPAWNED_STACK_TEST_TIMEOUT, spawnStackProcess } from './support/spawn-stack-process';
import { startTestServer } from './support/test-server';
import { stripeIdOf } from './support/stripe-id-of';


describe('Stripe emulator state survives', () => {
  it('a restart, and kill -9 right after a committed payment', async () => {
    const first = await startTestServer();
    const stripe = emulatorClient(first);
    const customer = await stripe.customers.create({ email: 'keep@example.com' });
    const [price] = (await stripe.prices.list({ lookup_keys: ['w-full'] })).data;
    const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price?.id ?? '' }], payment_behavior: 'default_incomplete', expand: ['latest_invoice.payments'] });
    const invoice = subscription.latest_invoice;
    const intentId = typeof invoice === 'object' && invoice !== null ? stripeIdOf(invoice.payments?.data[0]?.payment.payment_intent) : '';
    await first.close();

    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      const again = emulatorClient(second);
      expect((await again.customers.retrieve(customer.id)).id).toBe(customer.id);
      expect((await again.subscriptions.retrieve(subscription.id)).status).toBe('incomplete');
      // Idempotency keys survive too.
      const replay = await again.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'persist-1' });
      expect((await again.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'persist-1' })).id).toBe(replay.id);
    } finally {
      await second.close();
    }

    const stack = await spawnStackProcess(first.dataDir);
    try {
      expect(stack.output()).toContain('pk_test_local_stripe_emulator');
      const live = emulatorClient({ port: stack.port, config: first.config });
      expect((await live.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })).status).toBe('succeeded');
      expect(await stack.killHard()).toBe('SIGKILL');
      const after = await startTestServer({ dataDir: first.dataDir });
      try {
        const reopened = emulatorClient(after);
        expect((await reopened.paymentIntents.retrieve(intentId)).status).toBe('succeeded');
        expect((await reopened.subscriptions.retrieve(subscription.id)).status).toBe('active');
      } finally {
        await after.close();
      }
    } finally {
      stack.stop();
    }
  }, SPAWNED_STACK_TEST_TIMEOUT);
});
