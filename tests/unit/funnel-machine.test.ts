import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { FUNNEL_EXITED, createFunnelMachine } from '../../engine/funnel-machine';
import type { FunnelAnswer, FunnelAnswers } from '../../engine/funnel-answer';
import { smallCompiledFlow } from './fixtures/small-compiled-flow';

function start(answers: FunnelAnswers = {}, persist = vi.fn<(stepId: string, answer: FunnelAnswer | undefined) => void>()) {
  const machine = createFunnelMachine(smallCompiledFlow).provide({
    actions: { persistAnswer: ({ context }, params) => persist(params.stepId, context.answers[params.stepId]) },
  });
  const actor = createActor(machine, { input: { answers } });
  actor.start();
  return { actor, persist, state: () => actor.getSnapshot().value };
}

const answeredUpToAge: FunnelAnswers = {
  gender: { kind: 'choice', value: 'male' },
  company: { kind: 'continue' },
  bestShape: { kind: 'choice', value: 'never' },
  nutritionIntro: { kind: 'continue' },
  height: { kind: 'measurement', text: '67', unit: 'imperial' },
  weight: { kind: 'measurement', text: '150', unit: 'imperial' },
  goalWeight: { kind: 'measurement', text: '140', unit: 'imperial' },
};

describe('funnel machine', () => {
  it('starts on the first step with one state per step plus exited', () => {
    const { state } = start();
    expect(state()).toBe('gender');
    const stateIds = Object.keys(createFunnelMachine(smallCompiledFlow).root.states);
    expect(stateIds).toEqual([...smallCompiledFlow.steps.map((step) => step.id), FUNNEL_EXITED]);
  });

  it('advances on a valid answer, records it and calls persistAnswer with it', () => {
    const { actor, persist, state } = start();
    actor.send({ type: 'ANSWER', stepId: 'gender', answer: { kind: 'choice', value: 'female' } });
    expect(state()).toBe('company');
    expect(actor.getSnapshot().context.answers.gender).toEqual({ kind: 'choice', value: 'female' });
    expect(persist).toHaveBeenCalledWith('gender', { kind: 'choice', value: 'female' });
  });

  it('refuses an option the step does not have, an answer for another step and a blank measurement', () => {
    const { actor, persist, state } = start({ ...answeredUpToAge });
    actor.send({ type: 'GO_TO', stepId: 'gender' });
    actor.send({ type: 'ANSWER', stepId: 'gender', answer: { kind: 'choice', value: 'other' } });
    actor.send({ type: 'ANSWER', stepId: 'company', answer: { kind: 'continue' } });
    expect(state()).toBe('gender');
    actor.send({ type: 'GO_TO', stepId: 'height' });
    expect(actor.getSnapshot().can({ type: 'ANSWER', stepId: 'height', answer: { kind: 'measurement', text: '  ', unit: 'metric' } })).toBe(false);
    actor.send({ type: 'ANSWER', stepId: 'height', answer: { kind: 'measurement', text: '', unit: 'metric' } });
    expect(state()).toBe('height');
    expect(persist).not.toHaveBeenCalled();
  });

  it('accepts CONTINUE only on steps without input', () => {
    const { actor, state } = start();
    actor.send({ type: 'CONTINUE', stepId: 'gender' });
    expect(state()).toBe('gender');
    actor.send({ type: 'ANSWER', stepId: 'gender', answer: { kind: 'choice', value: 'male' } });
    actor.send({ type: 'CONTINUE', stepId: 'company' });
    expect(state()).toBe('bestShape');
    expect(actor.getSnapshot().context.answers.company).toEqual({ kind: 'continue' });
  });

  it('validates the e-mail format; the password step takes no funnel answer (the sign-up machine runs it)', () => {
    const all: FunnelAnswers = {
      ...answeredUpToAge,
      age: { kind: 'wholeNumber', text: '30' },
      speedGoal: { kind: 'choice', value: 'fast' },
      readyToStart: { kind: 'continue' },
    };
    const { actor, state } = start(all);
    actor.send({ type: 'GO_TO', stepId: 'email' });
    actor.send({ type: 'ANSWER', stepId: 'email', answer: { kind: 'email', value: 'not-an-address' } });
    expect(state()).toBe('email');
    actor.send({ type: 'ANSWER', stepId: 'email', answer: { kind: 'email', value: 'ada@example.com' } });
    expect(state()).toBe('password');
    actor.send({ type: 'ANSWER', stepId: 'password', answer: { kind: 'email', value: 'ada@example.com' } });
    expect(state()).toBe('password');
    expect(actor.getSnapshot().context.answers.password).toBeUndefined();
    actor.send({ type: 'BACK' });
    expect(state()).toBe('email');
  });

  it('goes back one step at a time and not before the first step', () => {
    const { actor, state } = start();
    actor.send({ type: 'BACK' });
    expect(state()).toBe('gender');
    actor.send({ type: 'ANSWER', stepId: 'gender', answer: { kind: 'choice', value: 'male' } });
    actor.send({ type: 'CONTINUE', stepId: 'company' });
    actor.send({ type: 'BACK' });
    expect(state()).toBe('company');
    actor.send({ type: 'BACK' });
    expect(state()).toBe('gender');
    // The answers stay, so forward (browser forward = GO_TO) is allowed again.
    actor.send({ type: 'GO_TO', stepId: 'bestShape' });
    expect(state()).toBe('bestShape');
  });

  it('deep link: GO_TO past unanswered steps lands on the first unanswered one', () => {
    const { actor, state } = start({ gender: { kind: 'choice', value: 'male' }, bestShape: { kind: 'choice', value: 'never' } });
    actor.send({ type: 'GO_TO', stepId: 'age' });
    expect(state()).toBe('company');
    actor.send({ type: 'GO_TO', stepId: 'gender' });
    expect(state()).toBe('gender');
  });

  it('resumes from restored answers: any answered prefix can be entered, the next step too', () => {
    const { actor, state } = start(answeredUpToAge);
    actor.send({ type: 'GO_TO', stepId: 'weight' });
    expect(state()).toBe('weight');
    actor.send({ type: 'GO_TO', stepId: 'age' });
    expect(state()).toBe('age');
    actor.send({ type: 'GO_TO', stepId: 'readyToStart' });
    expect(state()).toBe('age');
  });

  it('drops restored answers that are unknown or no longer valid for their step', () => {
    const { actor } = start({
      gender: { kind: 'choice', value: 'robot' },
      nowhere: { kind: 'continue' },
      company: { kind: 'continue' },
    });
    expect(actor.getSnapshot().context.answers).toEqual({ company: { kind: 'continue' } });
    actor.send({ type: 'GO_TO', stepId: 'company' });
    expect(actor.getSnapshot().value).toBe('gender');
  });

  it('ignores GO_TO to a step the flow does not have', () => {
    const { actor, state } = start(answeredUpToAge);
    actor.send({ type: 'GO_TO', stepId: 'weight' });
    actor.send({ type: 'GO_TO', stepId: 'nope' });
    expect(state()).toBe('weight');
  });
});
