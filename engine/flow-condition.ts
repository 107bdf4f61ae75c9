import type { ComparisonTestName, Condition } from './flow-schema.ts';

/**
 * What a condition may look at. A fact is unknown while the step that decides it may still be
 * answered (used to project the rest of a path); a known fact may be `undefined` (a step the visitor's
 * answers excluded, or a computed value whose inputs are missing), and then every test on it is false.
 */
export interface ConditionFacts {
  /** An earlier step's answer: its option value (a multi-select's: the values picked), or its number in the stored unit. */
  answer(stepId: string): Fact;
  /** A calculator's result (engine/calculators.ts), a number. */
  computed(name: string): Fact;
}

export type Fact = { readonly known: false } | { readonly known: true; readonly value: string | number | readonly string[] | undefined };

/** A step's conditions: its own `when`, then each route's (a compiled step or a YAML one alike). */
export function stepConditions(step: { readonly when?: Condition | undefined; readonly next?: readonly { readonly when?: Condition | undefined }[] | undefined }): Condition[] {
  return [...(step.when === undefined ? [] : [step.when]), ...(step.next ?? []).flatMap((route) => (route.when === undefined ? [] : [route.when]))];
}

/** A comparison: the test it makes and its operand (the YAML allows exactly one; the verifier checks). */
export type ConditionComparison = Extract<Condition, { answer: string } | { computed: string }>;

/**
 * Three-valued evaluation of a condition: true, false, or undefined while a fact it needs is unknown.
 * `all` is false as soon as one part is false, `any` true as soon as one part is true. Plain data in,
 * no code from the YAML runs: this is what the funnel machine's guards call.
 */
export function evaluateCondition(condition: Condition, facts: ConditionFacts): boolean | undefined {
  if ('all' in condition) return combine(condition.all.map((part) => evaluateCondition(part, facts)), false);
  if ('any' in condition) return combine(condition.any.map((part) => evaluateCondition(part, facts)), true);
  if ('not' in condition) {
    const inner = evaluateCondition(condition.not, facts);
    return inner === undefined ? undefined : !inner;
  }
  const fact = 'answer' in condition ? facts.answer(condition.answer) : facts.computed(condition.computed);
  if (!fact.known) return undefined;
  return comparisonHolds(condition, fact.value);
}

/** `decisive` is the value that settles the whole (false for `all`, true for `any`). */
function combine(parts: readonly (boolean | undefined)[], decisive: boolean): boolean | undefined {
  if (parts.includes(decisive)) return decisive;
  if (parts.includes(undefined)) return undefined;
  return !decisive;
}

function comparisonHolds(comparison: ConditionComparison, value: string | number | readonly string[] | undefined): boolean {
  if (value === undefined) return false;
  const [test] = comparisonTests(comparison);
  if (test === undefined) return false;
  switch (test.name) {
    case 'equals':
      return value === test.operand;
    case 'oneOf':
      return Array.isArray(test.operand) && typeof value === 'string' && test.operand.includes(value);
    case 'greaterThan':
      return typeof value === 'number' && typeof test.operand === 'number' && value > test.operand;
    case 'lessThan':
      return typeof value === 'number' && typeof test.operand === 'number' && value < test.operand;
    case 'atLeast':
      return typeof value === 'number' && typeof test.operand === 'number' && value >= test.operand;
    case 'atMost':
      return typeof value === 'number' && typeof test.operand === 'number' && value <= test.operand;
    case 'includes':
      return typeof value === 'object' && typeof test.operand === 'string' && value.includes(test.operand);
  }
}

export interface ComparisonTest {
  readonly name: ComparisonTestName;
  readonly operand: string | number | readonly string[];
}

const testOrder: readonly ComparisonTestName[] = ['equals', 'oneOf', 'greaterThan', 'lessThan', 'atLeast', 'atMost', 'includes'];

/** The tests a comparison spells out, in a fixed order (one when valid). */
export function comparisonTests(comparison: ConditionComparison): ComparisonTest[] {
  return testOrder.flatMap((name) => {
    const operand = comparison[name];
    return operand === undefined ? [] : [{ name, operand }];
  });
}

/** Every comparison inside a condition, with its path below the condition (for located messages). */
export function conditionComparisons(condition: Condition, path: readonly (string | number)[] = []): { comparison: ConditionComparison; path: readonly (string | number)[] }[] {
  if ('all' in condition) return condition.all.flatMap((part, index) => conditionComparisons(part, [...path, 'all', index]));
  if ('any' in condition) return condition.any.flatMap((part, index) => conditionComparisons(part, [...path, 'any', index]));
  if ('not' in condition) return conditionComparisons(condition.not, [...path, 'not']);
  return [{ comparison: condition, path }];
}

const testWords: Readonly<Record<ComparisonTestName, string>> = {
  equals: '=',
  oneOf: 'in',
  greaterThan: '>',
  lessThan: '<',
  atLeast: '>=',
  atMost: '<=',
  includes: 'includes',
};

/** A one-line reading of a condition for the graph and the diff: `goal in [lose, gain] and not bmi < 18.5`. */
export function describeCondition(condition: Condition): string {
  if ('all' in condition) return condition.all.map((part) => wrap(part)).join(' and ');
  if ('any' in condition) return condition.any.map((part) => wrap(part)).join(' or ');
  if ('not' in condition) return `not ${wrap(condition.not)}`;
  const subject = 'answer' in condition ? condition.answer : `${condition.computed}()`;
  return comparisonTests(condition)
    .map((test) => `${subject} ${testWords[test.name]} ${Array.isArray(test.operand) ? `[${test.operand.join(', ')}]` : String(test.operand)}`)
    .join(' and ');
}

function wrap(condition: Condition): string {
  const text = describeCondition(condition);
  return 'all' in condition || 'any' in condition ? `(${text})` : text;
}
