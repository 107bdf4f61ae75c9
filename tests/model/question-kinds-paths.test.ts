import { describe, expect, it } from 'vitest';
import { calculators } from '../../engine/calculators';
import { compiledQuestionKindsFlow } from '../unit/engine/question-kinds-flow';
import { conditionCoverage } from './condition-coverage';
import { generateCoveringPaths } from './covering-paths';
import { createFunnelTestModel } from './funnel-test-model';

/**
 * The model-based paths of the question kinds' flow, in-process against the funnel machine: a
 * multi-select whose picks show a step (`includes`), a slider whose position shows another, a date
 * and a short text, with back-and-change clearing what leaves the path.
 */
const flow = compiledQuestionKindsFlow();
const env = { calculators, today: '2026-11-28' };
const revisited = new Set(flow.steps.filter((step) => step.screen === 'multiSelect' || step.screen === 'slider').map((step) => step.id));
const model = createFunnelTestModel(flow, { browserLanguage: 'en-US', allOptionsOn: revisited, toggleUnits: false, env });
const generated = generateCoveringPaths(model, { maxStepsPerPath: 60 });

describe('model-based paths of the question kinds', () => {
  it('cover every state and transition, and both outcomes of each condition', () => {
    expect(generated.coverage.uncovered).toEqual([]);
    expect(generated.coverage.statesCovered).toBe(generated.coverage.statesTotal);
    const states = generated.paths.flatMap((path) => path.steps.map((step) => step.state.context.funnel.context.answers));
    expect(conditionCoverage(flow, states, env)).toEqual({ total: 4, covered: 4, uncovered: [] });
  });

  it('keep storage in step with the path: a step taken off the path leaves no key behind', () => {
    let cleared = 0;
    for (const { state } of generated.paths.flatMap((path) => path.steps)) {
      const { local, funnel } = state.context;
      if (funnel.context.answers.tired === undefined && local['tired?'] !== undefined) throw new Error('the tiredness answer was kept after it left the path');
      if (funnel.context.answers.tired === undefined && funnel.context.answers.sleep !== undefined) cleared++;
    }
    expect(cleared).toBeGreaterThan(0);
  });
});
