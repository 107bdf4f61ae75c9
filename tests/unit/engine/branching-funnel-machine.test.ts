import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { calculators } from '../../../engine/calculators';
import type { FunnelAnswer, FunnelAnswers } from '../../../engine/funnel-answer';
import { createFunnelMachine } from '../../../engine/funnel-machine';
import { compiledBranchingFlow } from './branching-flow';

const flow = compiledBranchingFlow();

function start(answers: FunnelAnswers = {}) {
  const persisted = vi.fn<(stepId: string, cleared: readonly string[]) => void>();
  const machine = createFunnelMachine(flow, { calculators, today: '2026-11-28' }).provide({
    actions: { persistAnswer: ({ context }, params) => persisted(params.stepId, context.cleared) },
  });
  const actor = createActor(machine, { input: { answers } });
  actor.start();
  const answer = (stepId: string, value: FunnelAnswer) => actor.send({ type: 'ANSWER', stepId, answer: value });
  return { actor, persisted, answer, state: () => actor.getSnapshot().value, answers: () => actor.getSnapshot().context.answers };
}

const choice = (value: string): FunnelAnswer => ({ kind: 'choice', value });
const metric = (text: string): FunnelAnswer => ({ kind: 'measurement', text, unit: 'metric' });

describe('the funnel machine of a branching flow', () => {
  it('branches by answer: a condition shows or skips a step, a route jumps', () => {
    const woman = start();
    woman.answer('gender', choice('female'));
    woman.answer('goal', choice('lose'));
    expect(woman.state()).toBe('pregnant');

    const keeping = start();
    keeping.answer('gender', choice('female'));
    keeping.answer('goal', choice('keep'));
    expect(keeping.state()).toBe('height');
    keeping.answer('height', metric('160'));
    keeping.answer('weight', metric('90'));
    // BMI 35.2: the note is shown; goalWeight is not (the goal is to keep the weight).
    expect(keeping.state()).toBe('bmiNote');
    keeping.actor.send({ type: 'CONTINUE', stepId: 'bmiNote' });
    keeping.actor.send({ type: 'CONTINUE', stepId: 'intro' });
    expect(keeping.state()).toBe('email');
  });

  it('goes back along the visitor\'s own path', () => {
    const { actor, answer, state } = start();
    answer('gender', choice('male'));
    answer('goal', choice('lose'));
    expect(state()).toBe('height');
    actor.send({ type: 'BACK' });
    expect(state()).toBe('goal');
    actor.send({ type: 'BACK' });
    expect(state()).toBe('gender');
  });

  it('clears the answers of steps a changed answer takes off the path, and says which', () => {
    const { actor, answer, state, answers, persisted } = start();
    answer('gender', choice('female'));
    answer('goal', choice('lose'));
    answer('pregnant', choice('no'));
    answer('height', metric('180'));
    answer('weight', metric('70'));
    answer('goalWeight', metric('65'));
    expect(state()).toBe('intro');
    actor.send({ type: 'GO_TO', stepId: 'goal' });
    answer('goal', choice('keep'));
    expect(state()).toBe('height');
    expect(Object.keys(answers())).toEqual(['gender', 'goal', 'height', 'weight']);
    expect(persisted).toHaveBeenLastCalledWith('goal', ['pregnant', 'goalWeight']);
    // The excluded steps cannot be entered by URL: the visitor lands on the path instead.
    actor.send({ type: 'GO_TO', stepId: 'pregnant' });
    expect(state()).toBe('intro');
    actor.send({ type: 'GO_TO', stepId: 'goalWeight' });
    expect(state()).toBe('intro');
    actor.send({ type: 'BACK' });
    expect(state()).toBe('weight');
  });

  it('drops restored answers that the other restored answers exclude', () => {
    const { answers, state } = start({ gender: choice('male'), goal: choice('keep'), pregnant: choice('yes'), height: metric('180') });
    expect(Object.keys(answers())).toEqual(['gender', 'goal', 'height']);
    expect(state()).toBe('gender');
  });

  it('reaches sign-up on a path that skips steps', () => {
    const { actor, answer, state } = start();
    answer('gender', choice('male'));
    answer('goal', choice('keep'));
    answer('height', metric('180'));
    answer('weight', metric('70'));
    actor.send({ type: 'CONTINUE', stepId: 'intro' });
    answer('email', { kind: 'email', value: 'ada@example.com' });
    expect(state()).toBe('password');
    actor.send({ type: 'BACK' });
    expect(state()).toBe('email');
  });
});
