import { describe, expect, it } from 'vitest';
import { calculators } from '../../engine/calculators';
import { branchingFlow, compileBranching } from '../unit/engine/branching-flow';
import { conditionCoverage } from './condition-coverage';
import { generateCoveringPaths } from './covering-paths';
import { createFunnelTestModel } from './funnel-test-model';

/**
 * The model-based paths of a branching flow, in-process against the funnel machine: every transition
 * (answers that branch, back-and-change that clears answers, deep links to excluded steps) and every
 * outcome of every condition.
 */
// The model types one value per measurement (BMI 23.5), so the note also shows for men: both outcomes
// of its condition are walked, and the computed value is evaluated on every path.
const { flow } = compileBranching(branchingFlow.replace('{ computed: bmi, atLeast: 25 }', '{ any: [{ computed: bmi, atLeast: 25 }, { answer: gender, equals: male }] }'));
if (!flow) throw new Error('the branching flow does not compile');
const env = { calculators, today: '2026-11-28' };
const choiceSteps = new Set(flow.steps.filter((step) => step.screen === 'singleChoice').map((step) => step.id));
const model = createFunnelTestModel(flow, { browserLanguage: 'en-US', allOptionsOn: choiceSteps, toggleUnits: false, env });
const generated = generateCoveringPaths(model, { maxStepsPerPath: 60 });

describe('model-based paths of a branching flow', () => {
  it('cover every state and every transition', () => {
    expect(generated.coverage.uncovered).toEqual([]);
    expect(generated.coverage.statesCovered).toBe(generated.coverage.statesTotal);
    expect(generated.coverage.transitionsTotal).toBeGreaterThan(500);
  });

  it('see every condition shown and skipped and every route taken', () => {
    const states = generated.paths.flatMap((path) => path.steps.map((step) => step.state.context.funnel.context.answers));
    expect(conditionCoverage(flow, states, env)).toEqual({ total: 8, covered: 8, uncovered: [] });
  });

  it('replay on the funnel machine to the state each step claims', () => {
    for (const path of generated.paths) {
      let key = model.serializeState(model.initial);
      for (const step of path.steps) {
        expect(step.from).toBe(key);
        key = model.serializeState(step.state);
      }
    }
  });

  it('keep storage in step with the path: a step taken off the path leaves no key behind', () => {
    let checked = 0;
    for (const { state } of generated.paths.flatMap((path) => path.steps)) {
      const { local, funnel } = state.context;
      if (funnel.context.answers.goalWeight === undefined && local.goalWeight !== undefined) throw new Error('goalWeight kept after it left the path');
      if (funnel.context.answers.goalWeight === undefined && funnel.context.answers.weight !== undefined) checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
