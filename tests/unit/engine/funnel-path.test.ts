import { describe, expect, it } from 'vitest';
import { calculators } from '../../../engine/calculators';
import type { FunnelAnswers } from '../../../engine/funnel-answer';
import { likelyNextStep, offPathAnswers, pathProgress, possiblePredecessors, possibleSuccessors, walkPath } from '../../../engine/funnel-path';
import { smallCompiledFlow } from '../fixtures/small-compiled-flow';
import { compiledBranchingFlow } from './branching-flow';

const flow = compiledBranchingFlow();
const env = { calculators, today: '2026-11-28' };
const ids = (answers: FunnelAnswers) => walkPath(flow, answers, env).steps.map((step) => step.id);
const stepOf = (id: string) => {
  const step = flow.steps.find((candidate) => candidate.id === id);
  if (!step) throw new Error(id);
  return step;
};

const woman = { gender: { kind: 'choice', value: 'female' }, goal: { kind: 'choice', value: 'lose' } } as const;
const slim = { height: { kind: 'measurement', text: '180', unit: 'metric' }, weight: { kind: 'measurement', text: '70', unit: 'metric' } } as const;
const heavy = { height: { kind: 'measurement', text: '160', unit: 'metric' }, weight: { kind: 'measurement', text: '90', unit: 'metric' } } as const;

describe('walkPath', () => {
  it('is a straight flow up to its first unanswered step', () => {
    const answers: FunnelAnswers = { gender: { kind: 'choice', value: 'male' }, company: { kind: 'continue' } };
    const path = walkPath(smallCompiledFlow, answers);
    expect(path.steps.map((step) => step.id)).toEqual(['gender', 'company', 'bestShape']);
    expect(path.frontier?.id).toBe('bestShape');
  });

  it("walks once per answers object: a tap's questions (guards, next step, progress) share the walk, and new answers walk anew", () => {
    const answers: FunnelAnswers = { ...woman };
    expect(walkPath(flow, answers, env)).toBe(walkPath(flow, answers, env));
    expect(walkPath(smallCompiledFlow, answers)).toBe(walkPath(smallCompiledFlow, answers));
    expect(walkPath(flow, { ...answers }, env)).not.toBe(walkPath(flow, answers, env));
    expect(walkPath(flow, { ...answers }, env)).toEqual(walkPath(flow, answers, env));
    // Another flow or environment is another walk.
    expect(walkPath(smallCompiledFlow, answers)).not.toBe(walkPath(flow, answers, env));
  });

  it('shows a step only when its condition holds, and follows a route by answer', () => {
    expect(ids(woman)).toEqual(['gender', 'goal', 'pregnant']);
    expect(ids({ ...woman, gender: { kind: 'choice', value: 'male' } })).toEqual(['gender', 'goal', 'height']);
    // The route of `keep` jumps over the pregnancy question even for a woman, and goalWeight is skipped.
    const keep: FunnelAnswers = { ...woman, goal: { kind: 'choice', value: 'keep' }, ...slim };
    expect(ids(keep)).toEqual(['gender', 'goal', 'height', 'weight', 'intro']);
  });

  it('compares numbers in the stored unit and computed values (BMI 21.6 vs 35.2)', () => {
    const base: FunnelAnswers = { ...woman, pregnant: { kind: 'choice', value: 'no' }, goalWeight: { kind: 'measurement', text: '60', unit: 'metric' } };
    expect(ids({ ...base, ...slim })).toEqual(['gender', 'goal', 'pregnant', 'height', 'weight', 'goalWeight', 'intro']);
    expect(ids({ ...base, ...heavy })).toEqual(['gender', 'goal', 'pregnant', 'height', 'weight', 'goalWeight', 'bmiNote']);
    // 63 in and 198.4 lb are the same 160 cm and 90 kg.
    const imperial: FunnelAnswers = { ...base, height: { kind: 'feetInches', feet: '5', inches: '3' }, weight: { kind: 'measurement', text: '198.4', unit: 'imperial' } };
    expect(ids(imperial)).toContain('bmiNote');
    // Without the calculators (a flow that names none gets none), a computed value is never known to hold.
    expect(walkPath(flow, { ...base, ...heavy }).steps.map((step) => step.id)).not.toContain('bmiNote');
  });

  it('ignores answers of steps off the path', () => {
    const answers: FunnelAnswers = { ...woman, goal: { kind: 'choice', value: 'keep' }, pregnant: { kind: 'choice', value: 'yes' }, goalWeight: { kind: 'measurement', text: '60', unit: 'metric' } };
    expect(ids(answers)).toEqual(['gender', 'goal', 'height']);
    expect(offPathAnswers(flow, answers, env)).toEqual(['pregnant']);
    // goalWeight comes after the frontier: kept until the path gets there (and then skipped and dropped).
    expect(offPathAnswers(flow, { ...answers, ...slim }, env)).toEqual(['pregnant', 'goalWeight']);
  });
});

describe('pathProgress', () => {
  it('counts a straight flow as before: position and all questionnaire steps', () => {
    const gender = smallCompiledFlow.steps[0];
    if (!gender) throw new Error('no step');
    expect(pathProgress(smallCompiledFlow, gender, {})).toEqual({ current: 1, total: smallCompiledFlow.steps.filter((s) => !s.screen.startsWith('signUp')).length });
  });

  it('counts the longest way still open, so the total only shrinks as answers come in', () => {
    const walk: FunnelAnswers[] = [
      {},
      { gender: woman.gender },
      { gender: woman.gender, goal: { kind: 'choice', value: 'keep' } },
      { gender: woman.gender, goal: { kind: 'choice', value: 'keep' }, height: slim.height },
      { gender: woman.gender, goal: { kind: 'choice', value: 'keep' }, ...slim },
    ];
    const seen = walk.map((answers) => {
      const frontier = walkPath(flow, answers, env).frontier;
      if (!frontier) throw new Error('ended early');
      return pathProgress(flow, frontier, answers, env);
    });
    expect(seen).toEqual([
      { current: 1, total: 8 },
      { current: 2, total: 8 },
      { current: 3, total: 6 },
      { current: 4, total: 6 },
      { current: 5, total: 5 },
    ]);
    for (let index = 1; index < seen.length; index++) {
      const [before, after] = [seen[index - 1], seen[index]];
      if (!before || !after) continue;
      expect(after.current / after.total).toBeGreaterThan(before.current / before.total);
    }
    expect(pathProgress(flow, stepOf('pregnant'), walk[2] ?? {}, env)).toBeUndefined();
    expect(pathProgress(flow, stepOf('email'), {}, env)).toBeUndefined();
    // On the last question, with the sign-up steps next, the count is the questions of the path.
    const done: FunnelAnswers = { gender: woman.gender, goal: { kind: 'choice', value: 'keep' }, ...slim, intro: { kind: 'continue' } };
    expect(pathProgress(flow, stepOf('intro'), done, env)).toEqual({ current: 5, total: 5 });
  });
});

describe('the static graph and the next step', () => {
  it('lists the steps that may follow and precede a step', () => {
    const index = (id: string) => stepOf(id).index;
    expect(possibleSuccessors(flow, index('goal')).map((i) => flow.steps[i]?.id)).toEqual(['pregnant', 'height']);
    expect(possibleSuccessors(flow, index('weight')).map((i) => flow.steps[i]?.id)).toEqual(['goalWeight', 'bmiNote', 'intro']);
    expect(possiblePredecessors(flow, index('height')).map((i) => flow.steps[i]?.id)).toEqual(['goal', 'pregnant']);
    expect(possibleSuccessors(smallCompiledFlow, 0)).toEqual([1]);
  });

  it('names the next step on the path, or the next one that may still be shown', () => {
    expect(likelyNextStep(flow, stepOf('gender'), { gender: { kind: 'choice', value: 'male' } }, env)?.id).toBe('goal');
    expect(likelyNextStep(flow, stepOf('goal'), { gender: { kind: 'choice', value: 'male' } }, env)?.id).toBe('height');
    expect(likelyNextStep(flow, stepOf('goal'), { gender: woman.gender }, env)?.id).toBe('pregnant');
  });
});
