import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { cancelRefundChoiceMachine, type CancelRefundChoice, type CancelRefundOutcome } from '../../../engine/cancel-refund-choice-machine';
import type { EligibleCounts } from '../../../engine/subscription-eligibility';

function start(counts: EligibleCounts) {
  const actor = createActor(cancelRefundChoiceMachine, { input: { counts } });
  actor.start();
  return actor;
}

const combinations: { stores: string; counts: EligibleCounts }[] = [];
for (const web of [0, 1]) for (const apple of [0, 1]) for (const google of [0, 1]) {
  const stores = [web ? 'web' : '', apple ? 'apple' : '', google ? 'google' : ''].filter(Boolean).join('+') || 'none';
  combinations.push({ stores, counts: { web, apple, google } });
}

const outcomes: Record<CancelRefundChoice, CancelRefundOutcome> = {
  web: { kind: 'request', type: 'web' },
  all: { kind: 'request', type: 'all' },
  apple: { kind: 'store', store: 'apple' },
  google: { kind: 'store', store: 'google' },
};

describe('the cancel / refund choice, for every combination of stores', () => {
  it.each(combinations)('$stores', ({ counts }) => {
    const actor = start(counts);
    actor.send({ type: 'REQUEST' });
    const groups = (['web', 'apple', 'google'] as const).filter((group) => counts[group] > 0);
    const snapshot = actor.getSnapshot();
    if (groups.length === 0) {
      // Nothing eligible: the (disabled) button does nothing.
      expect(snapshot.value).toBe('idle');
      expect(snapshot.context.outcome).toBeUndefined();
      return;
    }
    const [only] = groups;
    if (groups.length === 1 && only !== undefined) {
      // One store: no question, straight to its outcome.
      expect(snapshot.value).toBe('decided');
      expect(snapshot.context.outcome).toEqual(outcomes[only]);
      return;
    }
    // Several stores: the dialog asks, offering exactly the stores present, then All.
    expect(snapshot.value).toBe('choosing');
    const choices: CancelRefundChoice[] = [...groups, 'all'];
    expect(snapshot.context.choices).toEqual(choices);
    for (const choice of choices) {
      const chooser = start(counts);
      chooser.send({ type: 'REQUEST' });
      chooser.send({ type: 'CHOOSE', choice });
      expect(chooser.getSnapshot().value).toBe('decided');
      expect(chooser.getSnapshot().context.outcome).toEqual(outcomes[choice]);
    }
    // A button that is not offered (a store without an eligible subscription) changes nothing.
    for (const missing of (['web', 'apple', 'google'] as const).filter((group) => counts[group] === 0)) {
      actor.send({ type: 'CHOOSE', choice: missing });
      expect(actor.getSnapshot().value).toBe('choosing');
    }
  });
});

describe('dismissing and starting again', () => {
  it('closing the dialog goes back without an outcome; RESET after a decision allows another request', () => {
    const actor = start({ web: 1, apple: 1, google: 0 });
    actor.send({ type: 'REQUEST' });
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.outcome).toBeUndefined();
    actor.send({ type: 'REQUEST' });
    actor.send({ type: 'CHOOSE', choice: 'all' });
    expect(actor.getSnapshot().context.outcome).toEqual({ kind: 'request', type: 'all' });
    // While decided, another press does nothing (no double submit).
    actor.send({ type: 'REQUEST' });
    actor.send({ type: 'CHOOSE', choice: 'web' });
    expect(actor.getSnapshot().context.outcome).toEqual({ kind: 'request', type: 'all' });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.outcome).toBeUndefined();
  });
});
