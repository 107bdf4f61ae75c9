import { calculators } from './calculators.ts';
import type { CompiledFlow, CompiledStep } from './compiled-flow.ts';
import { comparisonTests, conditionComparisons, stepConditions } from './flow-condition.ts';
import type { FunnelAnswer } from './funnel-answer.ts';
import type { CalendarDay } from './daily-calorie-plan.ts';
import { dateBounds, shiftDay } from './date-answer.ts';

/**
 * The numbers conditions compare each number step with (directly), in the stored unit; for a date step
 * the ages `ageFromBirthDate` is compared with, when that calculator reads the step's key.
 */
export function numberThresholds(flow: CompiledFlow): Map<string, number[]> {
  const thresholds = new Map<string, number[]>();
  const add = (stepId: string, value: number) => thresholds.set(stepId, [...(thresholds.get(stepId) ?? []), value]);
  const birthDateKeys: readonly string[] = calculators.ageFromBirthDate.reads;
  const birthDateSteps = flow.steps.filter((step) => step.screen === 'date' && step.storage.mode === 'value' && birthDateKeys.includes(step.storage.key));
  for (const step of flow.steps) {
    const conditions = stepConditions(step);
    for (const { comparison } of conditions.flatMap((condition) => conditionComparisons(condition))) {
      for (const test of comparisonTests(comparison)) {
        if (typeof test.operand !== 'number') continue;
        if ('answer' in comparison) add(comparison.answer, test.operand);
        else if (comparison.computed === 'ageFromBirthDate') for (const dateStep of birthDateSteps) add(dateStep.id, test.operand);
      }
    }
  }
  return thresholds;
}

/**
 * Answers of a step that reach every outcome of the conditions on it: with `read` (a condition reads
 * the step), every option, each option of a multi-select on its own, a slider's ends and default, a
 * number's range ends and middle, and for each threshold the value under, at and over it (birth days
 * giving each age compared with, on `day`); without, one answer. The branch verifier proves
 * reachability with them, and the model-based path tests give them on a revisit.
 */
export function representativeAnswers(step: CompiledStep, read: boolean, thresholds: readonly number[], day: CalendarDay): FunnelAnswer[] {
  switch (step.screen) {
    case 'singleChoice': {
      const options = step.options ?? [];
      return (read ? options : options.slice(0, 1)).map((option) => ({ kind: 'choice', value: option.value }));
    }
    case 'number': {
      // In the metric unit, the stored one: the numbers conditions compare with.
      const metric = step.number?.metric;
      const range = metric?.range ?? { min: 1, max: 100 };
      const middle = (range.min + range.max) / 2;
      const values = read ? [range.min, middle, range.max, ...thresholds.flatMap((t) => [t - 1, t, t + 1])] : [middle];
      const whole = metric?.decimals === false;
      const inRange = [...new Set(values.map((v) => (whole ? Math.round(v) : v)))].filter((v) => v >= range.min && v <= range.max);
      const wholeAnswer = whole && step.number?.imperial === undefined;
      return inRange.map((value): FunnelAnswer => (wholeAnswer ? { kind: 'wholeNumber', text: String(value) } : { kind: 'measurement', text: String(value), unit: 'metric' }));
    }
    case 'multiSelect': {
      // Each option on its own (a read answer) is enough to show every `includes` both ways.
      const options = (step.options ?? []).map((option) => option.value);
      return (read ? options : options.slice(0, 1)).map((value) => ({ kind: 'choices', values: [value] }));
    }
    case 'slider': {
      const scale = step.scale;
      if (scale === undefined) return [];
      const values = read ? [scale.min, scale.default, scale.max, ...thresholds.flatMap((t) => [t - scale.step, t, t + scale.step])] : [scale.default];
      return [...new Set(values)].filter((value) => value >= scale.min && value <= scale.max).map((value) => ({ kind: 'scale', value }));
    }
    case 'date': {
      // Read through ageFromBirthDate: the ends of the range and the ages compared with, on `day`.
      const bounds = dateBounds(step, day);
      if (bounds === undefined) return [];
      if (!read) return [{ kind: 'date', value: bounds.latest }];
      // Birth days giving each age compared with: one year under, exactly, one year over.
      const ages = thresholds.flatMap((age) => [shiftDay(day, { years: -age, days: 1 }), shiftDay(day, { years: -age }), shiftDay(day, { years: -age - 1 })]);
      const days = [bounds.earliest, bounds.latest, ...ages.flatMap((day) => day ?? [])];
      return [...new Set(days)].filter((day) => day >= bounds.earliest && day <= bounds.latest).map((value) => ({ kind: 'date', value }));
    }
    case 'text':
      return [{ kind: 'text', text: 'proof' }];
    case 'signUpEmail':
      return [{ kind: 'email', value: 'proof@example.com' }];
    case 'signUpPassword':
      return [];
    case 'company':
    case 'info':
    case 'readyToStart':
      return [{ kind: 'continue' }];
  }
}

