import { describe, expect, it } from 'vitest';
import { loadPathSuites } from './path-suites';
import type { CompiledStep } from '../../engine/compiled-flow';

/**
 * The generation half of the model-based path tests (no browser): CI fails here when the generated
 * paths miss a state or a transition of any flow in any order. The browser half is tests/model/*.spec.ts.
 */
const suites = loadPathSuites();

describe.each(suites.map((suite) => [`${suite.flowId}/${suite.order}`, suite] as const))('model-based paths of %s', (_name, suite) => {
  const generated = suite.generate();

  it('cover every state and every transition', () => {
    const { coverage } = generated;
    expect(coverage.uncovered).toEqual([]);
    expect(coverage.transitionsCovered).toBe(coverage.transitionsTotal);
    expect(coverage.statesCovered).toBe(coverage.statesTotal);
  });

  it('keep answer values out of the state key', () => {
    for (const path of generated.paths) {
      for (const step of path.steps) {
        expect(step.from).toMatch(/^(exited|[A-Za-z]+( \(answered\))?( \[(metric|imperial)\])?)$/);
      }
    }
  });

  it('replay on the funnel machine to the state each step claims', () => {
    for (const path of generated.paths) {
      let key = suite.model.serializeState(suite.model.initial);
      for (const step of path.steps) {
        expect(step.from).toBe(key);
        key = suite.model.serializeState(step.state);
      }
    }
  });
});

it('answers every option of every single-choice step, in this flow/order or where the same step is defined alike', () => {
  // A step's options behave alike wherever the step has the same definition (option-coverage-plan.ts).
  const definition = (step: CompiledStep): string => JSON.stringify({ id: step.id, screen: step.screen, options: step.options ?? [], storage: step.storage });
  const answered = new Set<string>();
  for (const suite of suites) {
    const byId = new Map(suite.model.flow.steps.map((step) => [step.id, step]));
    for (const { event } of suite.generate().paths.flatMap((path) => path.steps)) {
      const step = event.type === 'ANSWER' ? byId.get(event.stepId) : undefined;
      if (step && event.type === 'ANSWER' && event.answer.kind === 'choice') answered.add(`${definition(step)} ${event.answer.value}`);
    }
  }
  const missing = suites.flatMap((suite) =>
    suite.model.flow.steps.flatMap((step) =>
      (step.options ?? []).filter((option) => !answered.has(`${definition(step)} ${option.value}`)).map((option) => `${suite.flowId}/${suite.order} ${step.id}: ${option.value}`),
    ),
  );
  expect(missing).toEqual([]);
});
