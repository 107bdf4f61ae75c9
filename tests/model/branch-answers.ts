import { calculators, isCalculatorName } from '../../engine/calculators';
import type { CompiledFlow, CompiledStep } from '../../engine/compiled-flow';
import { conditionComparisons, evaluateCondition, stepConditions, type ConditionComparison } from '../../engine/flow-condition';
import type { FunnelAnswer } from '../../engine/funnel-answer';
import { answerValue } from '../../engine/funnel-path';
import { numberThresholds, representativeAnswers } from '../../engine/representative-answers';

/**
 * What the conditions of a flow read of each step, for the test model: which answers to give on a
 * revisit so that every outcome of every comparison on the step is seen, and how to name an answer in
 * the state key by those outcomes instead of by its value.
 *
 * A comparison on a step's own answer (`disruptors includes caffeine`, `sleepHours < 7`) depends on
 * that answer alone, so answers with the same outcomes of every such comparison move the funnel alike:
 * the key names the set of outcomes by its first answer (`sleepHours~3` for every position under 7),
 * and one answer per set of outcomes is enough. A 10-option multi-select and a 19-position slider were
 * 10 and 3 values in the key each (and the slider's 3 never crossed a threshold between its ends); now
 * each is 2 outcomes. A comparison on a
 * computed value (`bmi >= 25`) depends on several answers at once: the steps it reads keep their values
 * in the key.
 */
export interface BranchAnswers {
  /** Steps whose answers decide something: by their comparisons' outcomes or, for calculator inputs, by value. */
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
  const comparisons = flow.steps.flatMap(stepConditions).flatMap((condition) => conditionComparisons(condition).map(({ comparison }) => comparison));
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

  const thresholds = numberThresholds(flow);
  // The verifier's day when the model runs without one: only the ages matter, not the calendar.
  const day = today ?? '2026-01-01';
  const revisitAnswers = new Map<string, readonly FunnelAnswer[]>();
  // Per step, the first candidate of each outcome set: the name an answer of that set goes by in keys.
  const representatives = new Map<string, Map<string, FunnelAnswer>>();
  for (const step of flow.steps) {
    // The verifier's answers around the conditions (each option, each threshold's sides); a calculator's
    // input without a threshold of its own keeps the model's one typed value.
    const stepThresholds = thresholds.get(step.id);
    const candidates = onAnswer.has(step.id) || stepThresholds !== undefined ? representativeAnswers(step, true, stepThresholds ?? [], day) : [];
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
