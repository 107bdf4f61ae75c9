import { calculators, isCalculatorName } from '../../engine/calculators';
import type { CompiledFlow, CompiledStep } from '../../engine/compiled-flow';
import { comparisonTests, conditionComparisons, evaluateCondition, type ConditionComparison } from '../../engine/flow-condition';
import type { FunnelAnswer } from '../../engine/funnel-answer';
import { answerValue } from '../../engine/funnel-path';
import { dateBounds, shiftDay } from '../../engine/date-answer';

/**
 * What the conditions of a flow read of each step, for the test model: which answers to give on a
 * revisit so that every outcome of every comparison on the step is seen, and how to name an answer in
 * the state key by those outcomes instead of by its value.
 *
 * A comparison on a step's own answer (`disruptors includes caffeine`, `sleepHours < 7`) depends on
 * that answer alone, so answers with the same outcomes of every such comparison move the funnel alike:
 * the key names the set of outcomes by its first answer (`sleepHours~3` for every position under 7),
 * and one answer per set of outcomes is enough. A
 * 10-option multi-select and a 19-position slider were 10 and 3 values in the key each (and the
 * slider's 3 never crossed a threshold between its ends); now each is 2 outcomes. A comparison on a
 * computed value (`bmi >= 25`) depends on several answers at once: the steps it reads keep their values
 * in the key.
 */
export interface BranchAnswers {
  /** Steps whose answers decide something: by outcomes (`outcomesOf`) or, for calculator inputs, by value. */
  readonly decisive: ReadonlySet<string>;
  /** Answers of a revisited step that give each outcome set of the comparisons on it (empty for others). */
  readonly revisit: (step: CompiledStep) => readonly FunnelAnswer[];
  /**
   * The state key's name for an answer of a decisive step: `=` and its value for a calculator's input,
   * else `~` and the first answer with the same outcomes (`~caffeine`: alike to caffeine for every condition).
   */
  readonly describe: (step: CompiledStep, answer: FunnelAnswer, describeValue: (answer: FunnelAnswer) => string) => string;
}

export function branchAnswers(flow: CompiledFlow, today: string | undefined): BranchAnswers {
  const comparisons = flow.steps.flatMap((step) => [...(step.when === undefined ? [] : [step.when]), ...(step.next ?? []).flatMap((route) => (route.when === undefined ? [] : [route.when]))]).flatMap((condition) => conditionComparisons(condition).map(({ comparison }) => comparison));
  const onAnswer = new Map<string, ConditionComparison[]>();
  const computedNames = new Set<string>();
  for (const comparison of comparisons) {
    if ('answer' in comparison) {
      const known = onAnswer.get(comparison.answer) ?? [];
      if (!known.some((other) => JSON.stringify(other) === JSON.stringify(comparison))) onAnswer.set(comparison.answer, [...known, comparison]);
    } else computedNames.add(comparison.computed);
  }
  const computedKeys = new Set<string>([...computedNames].flatMap((name) => (isCalculatorName(name) ? calculators[name].reads : [])));
  const calculatorInputs = new Set(flow.steps.filter((step) => step.storage.mode === 'value' && computedKeys.has(step.storage.key)).map((step) => step.id));
  const byValue = (step: CompiledStep): boolean => calculatorInputs.has(step.id);

  const outcomes = (step: CompiledStep, answer: FunnelAnswer): string => {
    const value = answerValue(step, answer);
    const facts = { answer: () => ({ known: true as const, value }), computed: () => ({ known: false as const }) };
    return (onAnswer.get(step.id) ?? []).map((comparison) => (evaluateCondition(comparison, facts) ? 'T' : 'F')).join('');
  };

  const revisitAnswers = new Map<string, readonly FunnelAnswer[]>();
  // Per step, the first candidate of each outcome set: the name an answer of that set goes by in keys.
  const representatives = new Map<string, Map<string, FunnelAnswer>>();
  for (const step of flow.steps) {
    const candidates = candidateAnswers(step, onAnswer.get(step.id) ?? [], computedAges(comparisons), byValue(step), today);
    if (byValue(step)) {
      revisitAnswers.set(step.id, candidates);
      continue;
    }
    if (!onAnswer.has(step.id)) continue;
    const perOutcome = new Map<string, FunnelAnswer>();
    for (const candidate of candidates) if (!perOutcome.has(outcomes(step, candidate))) perOutcome.set(outcomes(step, candidate), candidate);
    revisitAnswers.set(step.id, [...perOutcome.values()]);
    representatives.set(step.id, perOutcome);
  }

  return {
    decisive: new Set([...onAnswer.keys(), ...calculatorInputs]),
    revisit: (step) => revisitAnswers.get(step.id) ?? [],
    describe: (step, answer, describeValue) => {
      if (byValue(step)) return `=${describeValue(answer)}`;
      const representative = representatives.get(step.id)?.get(outcomes(step, answer));
      return `~${representative === undefined ? outcomes(step, answer) : describeValue(representative)}`;
    },
  };
}

/** The ages `ageFromBirthDate` is compared with. */
function computedAges(comparisons: readonly ConditionComparison[]): number[] {
  return comparisons.flatMap((comparison) => ('computed' in comparison && comparison.computed === 'ageFromBirthDate' ? comparisonTests(comparison).flatMap((test) => (typeof test.operand === 'number' ? [test.operand] : [])) : []));
}

/**
 * Answers that reach every outcome of the comparisons on a step: every option; every position of a
 * slider; each number compared with, one under and one over (typed in the stored, metric unit); the
 * birth days a year either side of each age compared with. Steps nothing compares get none.
 */
function candidateAnswers(step: CompiledStep, compared: readonly ConditionComparison[], ages: readonly number[], calculatorInput: boolean, today: string | undefined): FunnelAnswer[] {
  const thresholds = compared.flatMap((comparison) => comparisonTests(comparison).flatMap((test) => (typeof test.operand === 'number' ? [test.operand] : [])));
  switch (step.screen) {
    case 'singleChoice':
      return (step.options ?? []).map((option) => ({ kind: 'choice', value: option.value }));
    case 'multiSelect':
      return (step.options ?? []).map((option) => ({ kind: 'choices', values: [option.value] }));
    case 'slider': {
      const scale = step.scale;
      if (scale === undefined) return [];
      const count = Math.floor((scale.max - scale.min) / scale.step + 1e-9) + 1;
      return Array.from({ length: count }, (_, index) => ({ kind: 'scale', value: Number((scale.min + index * scale.step).toFixed(6)) }));
    }
    case 'number': {
      const range = step.number?.metric.range;
      const values = [...new Set(thresholds.flatMap((value) => [value - 1, value, value + 1]))].filter((value) => range === undefined || (value >= range.min && value <= range.max));
      // Typed in the stored unit: the model offers them while the screen shows it (see funnel-test-model.ts).
      return values.map((value) => (step.number?.imperial === undefined ? { kind: 'wholeNumber', text: String(Math.round(value)) } : { kind: 'measurement', text: String(value), unit: 'metric' }));
    }
    case 'date': {
      if (!calculatorInput || today === undefined) return [];
      const bounds = dateBounds(step, today);
      const days = ages.flatMap((age) => [shiftDay(today, { years: -age, days: 1 }), shiftDay(today, { years: -age }), shiftDay(today, { years: -age - 1 })]);
      return [...new Set(days.flatMap((day) => day ?? []))].filter((day) => bounds === undefined || (day >= bounds.earliest && day <= bounds.latest)).map((value) => ({ kind: 'date', value }));
    }
    case 'text':
    case 'signUpEmail':
    case 'signUpPassword':
    case 'company':
    case 'info':
    case 'readyToStart':
      return [];
  }
}
