import { describe, expect, it } from 'vitest';
import { calculators } from '../../engine/calculators';
import { compileQuestionKinds, compiledQuestionKindsFlow, questionKindsFlow } from '../unit/engine/question-kinds-flow';
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

describe('model-based paths of a flow that branches on what a visitor picks, slides and was born', () => {
  // A slider threshold halfway along its scale, and an age from the birth date: no option list is
  // given, the model finds the answers that decide each condition from the conditions themselves.
  const text = questionKindsFlow
    .replace('when: { answer: sleep, lessThan: 6 }', 'when: { answer: sleep, lessThan: 7.5 }')
    .replace('steps:\n', 'storageKeys:\n  birthDate: { form: date }\nsteps:\n')
    .replace("    dateRange: { earliest: { years: -100 }, latest: { years: -16 } }\n    storage: { mode: answerText }", '    dateRange: { earliest: { years: -100 }, latest: { years: -16 } }\n    storage: { mode: value, key: birthDate }')
    .replace("    textRules: { maxLength: 12, pattern: \"[A-Za-z ]+\", patternMessage: onboarding:nickname.letters }", "    textRules: { maxLength: 12, pattern: \"[A-Za-z ]+\", patternMessage: onboarding:nickname.letters }\n    when: { computed: ageFromBirthDate, atLeast: 40 }");
  const { flow: branching, messages } = compileQuestionKinds(text);
  if (!branching) throw new Error(messages.join('\n'));
  const derived = createFunnelTestModel(branching, { browserLanguage: 'en-US', allOptionsOn: new Set(), toggleUnits: false, env });
  const paths = generateCoveringPaths(derived, { maxStepsPerPath: 60 });

  it('see every outcome of every condition and take every transition', () => {
    expect(paths.coverage.uncovered).toEqual([]);
    const states = paths.paths.flatMap((path) => path.steps.map((step) => step.state.context.funnel.context.answers));
    expect(conditionCoverage(branching, states, env)).toEqual({ total: 6, covered: 6, uncovered: [] });
  });

  it('key a picked or slid answer by what the conditions make of it, not by its value', () => {
    // One multi-select answer per outcome of `includes fish` and one slider position per side of 7.5 (its
    // first candidates: the end 4 and the default 8):
    // the key names the outcomes. The birth date feeds a calculator, so its key keeps the value.
    const keys = new Set(paths.paths.flatMap((path) => path.steps.map((step) => step.from)));
    expect([...keys].some((key) => key.includes('diets~fish'))).toBe(true);
    expect([...keys].filter((key) => key.includes('sleep~')).map((key) => /sleep~([\d.]+)/.exec(key)?.[1])).toEqual(expect.arrayContaining(['4', '8']));
    expect([...keys].some((key) => /sleep~(?!4\b|8\b)/.test(key))).toBe(false);
    expect([...keys].some((key) => /birthDate=\d{4}-\d\d-\d\d/.test(key))).toBe(true);
  });
});
