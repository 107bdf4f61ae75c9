import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { COUNTDOWN_MS, OFFER_DELAY_MS, checkoutMachine, countdownSeconds, formatCountdown, type CheckoutEmitted } from '../../../engine/checkout-machine';

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

function start(input: { now?: number; countdownStartedAt?: number; offerShownBefore?: boolean } = {}) {
  const actor = createActor(checkoutMachine, {
    input: { now: input.now ?? T0, countdownStartedAt: input.countdownStartedAt ?? input.now ?? T0, offerShownBefore: input.offerShownBefore ?? false },
  });
  const emitted: CheckoutEmitted[] = [];
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
  return { actor, emitted, purchase: () => actor.getSnapshot().value.purchase, offer: () => actor.getSnapshot().value.offer };
}

describe('checkoutMachine: plans -> submitting -> payment', () => {
  it('starts on the plans with weekly selected; the visitor can pick yearly and back', () => {
    const { actor, purchase } = start();
    expect(purchase()).toBe('plans');
    expect(actor.getSnapshot().context.selectedPlan).toBe('weekly');
    actor.send({ type: 'SELECT_PLAN', plan: 'yearly' });
    expect(actor.getSnapshot().context.selectedPlan).toBe('yearly');
    actor.send({ type: 'SELECT_PLAN', plan: 'weekly' });
    expect(actor.getSnapshot().context.selectedPlan).toBe('weekly');
  });

  it('Continue submits the selected plan once: a double tap and a plan change while submitting are ignored', () => {
    const { actor, emitted, purchase } = start();
    actor.send({ type: 'SELECT_PLAN', plan: 'yearly' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SELECT_PLAN', plan: 'weekly' });
    expect(purchase()).toBe('submitting');
    expect(actor.getSnapshot().context.selectedPlan).toBe('yearly');
    expect(emitted).toEqual([{ type: 'submitPlan', plan: 'yearly' }]);
    actor.send({ type: 'PAYMENT_READY' });
    expect(purchase()).toBe('payment');
    actor.send({ type: 'SUBMIT' });
    expect(emitted).toHaveLength(1);
  });

  it('a failed submission goes back to the plans with the failure noted; the next Continue clears it', () => {
    const { actor, emitted, purchase } = start();
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT_FAILED', error: 'submitFailed' });
    expect(purchase()).toBe('plans');
    expect(actor.getSnapshot().context.submitError).toBe('submitFailed');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.submitError).toBeUndefined();
    expect(emitted.filter((event) => event.type === 'submitPlan')).toHaveLength(2);
  });

  it('another checkout started at the same time is its own failure, cleared by the next Continue like any other', () => {
    const { actor, emitted, purchase } = start();
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT_FAILED', error: 'checkoutChanged' });
    expect(purchase()).toBe('plans');
    expect(actor.getSnapshot().context.submitError).toBe('checkoutChanged');
    actor.send({ type: 'SELECT_PLAN', plan: 'yearly' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.submitError).toBeUndefined();
    expect(emitted.filter((event) => event.type === 'submitPlan')).toEqual([
      { type: 'submitPlan', plan: 'weekly' },
      { type: 'submitPlan', plan: 'yearly' },
    ]);
  });

  it('SUBMIT_FAILED and PAYMENT_READY outside a submission change nothing', () => {
    const { actor, purchase } = start();
    actor.send({ type: 'PAYMENT_READY' });
    actor.send({ type: 'SUBMIT_FAILED', error: 'submitFailed' });
    expect(purchase()).toBe('plans');
    expect(actor.getSnapshot().context.submitError).toBeUndefined();
  });
});

describe('checkoutMachine: the limited-time offer', () => {
  it('opens 30 s after the page is shown, once, and closes', () => {
    const { actor, emitted, offer } = start();
    actor.send({ type: 'TICK', now: T0 + OFFER_DELAY_MS - 1 });
    expect(offer()).toBe('waiting');
    actor.send({ type: 'TICK', now: T0 + OFFER_DELAY_MS });
    expect(offer()).toBe('open');
    expect(actor.getSnapshot().context.now).toBe(T0 + OFFER_DELAY_MS);
    expect(emitted).toEqual([{ type: 'offerShown' }]);
    actor.send({ type: 'CLOSE_OFFER' });
    expect(offer()).toBe('closed');
    actor.send({ type: 'TICK', now: T0 + 10 * OFFER_DELAY_MS });
    expect(offer()).toBe('closed');
    expect(emitted).toHaveLength(1);
  });

  it('counts from this page view, not from the session countdown', () => {
    const { actor, offer } = start({ now: T0 + 5 * 60_000, countdownStartedAt: T0 });
    actor.send({ type: 'TICK', now: T0 + 5 * 60_000 + 1000 });
    expect(offer()).toBe('waiting');
  });

  it('does not open again in a session that has shown it', () => {
    const { actor, emitted, offer } = start({ offerShownBefore: true });
    expect(offer()).toBe('closed');
    actor.send({ type: 'TICK', now: T0 + OFFER_DELAY_MS });
    expect(offer()).toBe('closed');
    expect(emitted).toEqual([]);
  });

  it('does not open while a submission is under way; its Continue submits the selected plan', () => {
    const busy = start();
    busy.actor.send({ type: 'SUBMIT' });
    busy.actor.send({ type: 'TICK', now: T0 + OFFER_DELAY_MS });
    expect(busy.offer()).toBe('waiting');

    const { actor, emitted, offer, purchase } = start();
    actor.send({ type: 'SELECT_PLAN', plan: 'yearly' });
    actor.send({ type: 'TICK', now: T0 + OFFER_DELAY_MS });
    actor.send({ type: 'SUBMIT' });
    expect(offer()).toBe('open');
    expect(purchase()).toBe('submitting');
    expect(emitted).toEqual([{ type: 'offerShown' }, { type: 'submitPlan', plan: 'yearly' }]);
  });
});

describe('the countdown', () => {
  it('runs 09:00 down to 00:00 from the first view of the session, and stays at 00:00', () => {
    const { actor } = start({ now: T0, countdownStartedAt: T0 });
    const shown = () => formatCountdown(countdownSeconds(actor.getSnapshot().context));
    expect(shown()).toBe('09:00');
    actor.send({ type: 'TICK', now: T0 + 1 });
    expect(shown()).toBe('09:00');
    actor.send({ type: 'TICK', now: T0 + 1000 });
    expect(shown()).toBe('08:59');
    actor.send({ type: 'TICK', now: T0 + COUNTDOWN_MS - 5000 });
    expect(shown()).toBe('00:05');
    actor.send({ type: 'TICK', now: T0 + COUNTDOWN_MS });
    expect(shown()).toBe('00:00');
    actor.send({ type: 'TICK', now: T0 + 2 * COUNTDOWN_MS });
    expect(countdownSeconds(actor.getSnapshot().context)).toBe(0);
  });

  it('a reload keeps counting: a new machine with the same start shows what is left', () => {
    const { actor } = start({ now: T0 + 61_000, countdownStartedAt: T0 });
    expect(formatCountdown(countdownSeconds(actor.getSnapshot().context))).toBe('07:59');
  });

  it('a clock set back never shows more than 9 minutes', () => {
    expect(countdownSeconds({ now: T0 - 60_000, countdownStartedAt: T0 })).toBe(540);
  });
});

describe('a paywall of config/paywalls.yaml', () => {
  it('preselects its plan, runs its countdown and opens the offer after its delay', () => {
    const actor = createActor(checkoutMachine, {
      input: { now: T0, countdownStartedAt: T0, offerShownBefore: false, preselected: 'yearly', countdownMs: 120_000, offerDelayMs: 10_000 },
    }).start();
    expect(actor.getSnapshot().context.selectedPlan).toBe('yearly');
    expect(formatCountdown(countdownSeconds(actor.getSnapshot().context))).toBe('02:00');
    actor.send({ type: 'TICK', now: T0 + 9_999 });
    expect(actor.getSnapshot().value.offer).toBe('waiting');
    actor.send({ type: 'TICK', now: T0 + 10_000 });
    expect(actor.getSnapshot().value.offer).toBe('open');
    actor.send({ type: 'TICK', now: T0 + 120_000 });
    expect(countdownSeconds(actor.getSnapshot().context)).toBe(0);
  });
});
