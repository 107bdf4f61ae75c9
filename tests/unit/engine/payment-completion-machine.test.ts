import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import { PROCESSING_RECHECK_DELAYS_MS, paymentCompletionMachine, type CompletedPurchase, type CompletionPaymentIntent } from '../../../engine/payment-completion-machine';
import type { PaymentPageParams } from '../../../engine/payment-page-params';

const params: PaymentPageParams = {
  clientSecret: 'pi_1_secret_a',
  currency: 'eur',
  plan: 'weekly',
  subscriptionId: 'sub_1',
  fullPrice: 999,
  amount: 299,
};

const intent = (status: string, code?: string): CompletionPaymentIntent => ({
  id: 'pi_1',
  status,
  amount: 299,
  currency: 'eur',
  paymentMethodId: 'pm_1',
  last_payment_error: code === undefined ? null : { code },
});

interface HarnessOptions {
  readonly params?: PaymentPageParams;
  /** One answer per retrieval, in order; the last repeats. */
  readonly intents?: readonly (CompletionPaymentIntent | undefined | Error)[];
  readonly firstMark?: boolean;
  /** The mark refused the payment as a second one and refunded it. */
  readonly refunded?: boolean;
  readonly failing?: ReadonlySet<string>;
}

function harness(options: HarnessOptions = {}) {
  const calls: string[] = [];
  const purchases: CompletedPurchase[] = [];
  const clock = new SimulatedClock();
  const answers = options.intents ?? [intent('succeeded')];
  let retrievals = 0;
  const step = (name: string, detail: string) => {
    calls.push(`${name}:${detail}`);
    if (options.failing?.has(name)) throw new Error(`${name} failed`);
  };
  const machine = paymentCompletionMachine.provide({
    actors: {
      retrievePaymentIntent: fromPromise(async ({ input }) => {
        const answer = answers[Math.min(retrievals, answers.length - 1)];
        retrievals += 1;
        calls.push(`retrieve:${input.clientSecret}`);
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      markPurchased: fromPromise(async ({ input }) => {
        step('markPurchased', `${input.subscriptionId}:${input.paymentIntentId}`);
        return options.refunded === true ? { outcome: 'refunded' } : { outcome: 'marked', firstMark: options.firstMark ?? true };
      }),
      registerPurchase: fromPromise(async ({ input }) => {
        step('registerPurchase', `${input.paymentIntentId}:${String(input.amount)}:${String(input.currency)}:${String(input.plan)}:${String(input.paymentMethodId)}`);
        return undefined;
      }),
      recordReceipt: fromPromise(async ({ input }) => {
        step('recordReceipt', input.subscriptionId);
        return undefined;
      }),
      scheduleFullPrice: fromPromise(async ({ input }) => {
        step('scheduleFullPrice', input.subscriptionId);
        return undefined;
      }),
    },
    actions: {
      reportError: (_, { error, step: failedStep }) => void calls.push(`report:${failedStep}:${error instanceof Error ? error.message : String(error)}`),
      goToSubscription: (_, { purchase }) => {
        calls.push('goToSubscription');
        purchases.push(purchase);
      },
      goToRefundNotice: (_, { refund }) => void calls.push(`goToRefundNotice:${refund.subscriptionId}`),
      returnToPayment: (_, { error }) => void calls.push(`returnToPayment:${error}`),
    },
  });
  const actor = createActor(machine, { input: { params: options.params ?? params }, clock });
  actor.start();
  return { actor, calls, purchases, clock, retrievals: () => retrievals };
}

/** Lets the promise actors settle (they resolve on microtasks). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('paymentCompletionMachine', () => {
  it('succeeded: marks, registers the purchase, records the receipt, schedules, then the subscription page, in that order', async () => {
    const { actor, calls } = harness();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
    expect(calls).toEqual([
      'retrieve:pi_1_secret_a',
      'markPurchased:sub_1:pi_1',
      'registerPurchase:pi_1:299:eur:weekly:pm_1',
      'recordReceipt:sub_1',
      'scheduleFullPrice:sub_1',
      'goToSubscription',
    ]);
  });

  it('hands the account page what was bought: the plan, the charge as the PaymentIntent has it, the full price it renews at', async () => {
    // The query's amount is what the plans page expected; the PaymentIntent's is what was charged.
    const { actor, purchases } = harness({ params: { ...params, amount: 100 } });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(purchases).toEqual([{ subscriptionId: 'sub_1', plan: 'weekly', amount: 299, currency: 'eur', fullPrice: 999 }]);
  });

  it('a second visit (already marked) registers no purchase but still makes sure of receipt and schedule', async () => {
    const { actor, calls } = harness({ firstMark: false });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual(['retrieve:pi_1_secret_a', 'markPurchased:sub_1:pi_1', 'recordReceipt:sub_1', 'scheduleFullPrice:sub_1', 'goToSubscription']);
    expect(actor.getSnapshot().context.firstPurchaseMark).toBe(false);
  });

  it('the page sees resolving, then each recording step, then done', async () => {
    const { actor } = harness();
    const seen: string[] = [JSON.stringify(actor.getSnapshot().value)];
    actor.subscribe((snapshot) => {
      const value = JSON.stringify(snapshot.value);
      if (seen.at(-1) !== value) seen.push(value);
    });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(seen).toEqual([
      '"resolving"',
      '{"recording":"markingPurchased"}',
      '{"recording":"registeringPurchase"}',
      '{"recording":"recordingReceipt"}',
      '{"recording":"scheduling"}',
      '"done"',
    ]);
    expect(actor.getSnapshot().context.paymentIntent?.id).toBe('pi_1');
  });

  it('a failing recording step is reported and the rest still run; the visitor still reaches the subscription', async () => {
    const { actor, calls } = harness({ failing: new Set(['markPurchased', 'recordReceipt', 'scheduleFullPrice']) });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual([
      'retrieve:pi_1_secret_a',
      'markPurchased:sub_1:pi_1',
      'report:markPurchased:markPurchased failed',
      // Unknown whether it was registered before: registered (Meta deduplicates by the event id).
      'registerPurchase:pi_1:299:eur:weekly:pm_1',
      'recordReceipt:sub_1',
      'report:recordReceipt:recordReceipt failed',
      'scheduleFullPrice:sub_1',
      'report:scheduleFullPrice:scheduleFullPrice failed',
      'goToSubscription',
    ]);
  });

  it('a payment refunded as a second one records nothing: no purchase, receipt or schedule; the account page says so', async () => {
    const { actor, calls, purchases } = harness({ refunded: true });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('refunded');
    expect(calls).toEqual(['retrieve:pi_1_secret_a', 'markPurchased:sub_1:pi_1', 'goToRefundNotice:sub_1']);
    // No "just paid" confirmation is handed over, and the purchase never counted as a first mark.
    expect(purchases).toEqual([]);
    expect(actor.getSnapshot().context.firstPurchaseMark).toBe(false);
  });

  it('a failing purchase registration does not stop the receipt', async () => {
    const { actor, calls } = harness({ failing: new Set(['registerPurchase']) });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.slice(2)).toEqual(['registerPurchase:pi_1:299:eur:weekly:pm_1', 'report:registerPurchase:registerPurchase failed', 'recordReceipt:sub_1', 'scheduleFullPrice:sub_1', 'goToSubscription']);
  });

  it('a failed 3-D Secure goes back to the payment page with "paymentFailed", recording nothing', async () => {
    const { actor, calls } = harness({ intents: [intent('requires_payment_method', 'payment_intent_authentication_failure')] });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('failed');
    expect(calls).toEqual(['retrieve:pi_1_secret_a', 'returnToPayment:paymentFailed']);
  });

  it('any other last error, a canceled intent or no answer from the provider: "somethingWentWrong"', async () => {
    for (const answer of [intent('requires_payment_method', 'card_declined'), intent('canceled'), intent('requires_action'), undefined]) {
      const { actor, calls } = harness({ intents: [answer] });
      await waitFor(actor, (snapshot) => snapshot.status === 'done');
      expect(calls).toEqual(['retrieve:pi_1_secret_a', 'returnToPayment:somethingWentWrong']);
    }
  });

  it('the provider could not be asked: reported, back to the payment page', async () => {
    const { actor, calls } = harness({ intents: [new Error('Failed to load Stripe.js')] });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual(['retrieve:pi_1_secret_a', 'report:retrievePaymentIntent:Failed to load Stripe.js', 'returnToPayment:somethingWentWrong']);
  });

  it('without a subscription id the payment does not count: back to the payment page without asking the provider', async () => {
    const { actor, calls } = harness({ params: { ...params, subscriptionId: undefined } });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual(['returnToPayment:somethingWentWrong']);
  });

  it('processing: waits 1, 2, 4, 8 s between looks, then succeeds when the bank confirms', async () => {
    const { actor, calls, clock, retrievals } = harness({ intents: [intent('processing'), intent('processing'), intent('succeeded')] });
    await settle();
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(PROCESSING_RECHECK_DELAYS_MS[0] ?? 0);
    await settle();
    expect(retrievals()).toBe(2);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment((PROCESSING_RECHECK_DELAYS_MS[1] ?? 0) - 1);
    await settle();
    expect(retrievals()).toBe(2);
    clock.increment(1);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.at(-1)).toBe('goToSubscription');
    expect(retrievals()).toBe(3);
  });

  it('still processing after the last re-check: says so and stops polling; "Check again" starts a new round', async () => {
    const { actor, clock, retrievals } = harness({ intents: [intent('processing')] });
    expect(PROCESSING_RECHECK_DELAYS_MS).toEqual([1000, 2000, 4000, 8000]);
    for (const delay of PROCESSING_RECHECK_DELAYS_MS) {
      await settle();
      expect(actor.getSnapshot().value).toBe('waiting');
      clock.increment(delay);
    }
    await settle();
    expect(actor.getSnapshot().value).toBe('stillProcessing');
    expect(retrievals()).toBe(5);
    clock.increment(60_000);
    await settle();
    expect(retrievals()).toBe(5);

    actor.send({ type: 'CHECK_AGAIN' });
    await settle();
    expect(retrievals()).toBe(6);
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.checks).toBe(1);
  });
});
