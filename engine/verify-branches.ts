import { calculatorNames, calculators, isCalculatorName } from './calculators.ts';
import type { CompiledFlow, CompiledStep } from './compiled-flow.ts';
import type { FlowDiagnostic, FlowPath } from './flow-error.ts';
import { comparisonTests, conditionComparisons, describeCondition, stepConditions, type ConditionComparison } from './flow-condition.ts';
import type { Condition, ResolvedFlow, ScreenKind } from './flow-schema.ts';
import type { FunnelAnswers } from './funnel-answer.ts';
import { walkPath } from './funnel-path.ts';
import { numberThresholds, representativeAnswers } from './representative-answers.ts';
import type { ResolvedFlowSource } from './resolve-flow.ts';
import { didYouMean } from './suggest-name.ts';

type Locator = ResolvedFlowSource['locator'];

/** What every branch check needs: the flow, the order's step ids and positions, where messages go. */
interface BranchCheck {
  readonly flow: ResolvedFlow;
  readonly ids: readonly string[];
  readonly position: ReadonlyMap<string, number>;
  readonly locator: Locator;
  readonly out: FlowDiagnostic[];
}

/** Steps whose answer is a number conditions compare (a slider's in its own scale). */
const numberKinds: ReadonlySet<ScreenKind> = new Set(['number', 'slider']);
const signUpKinds: ReadonlySet<ScreenKind> = new Set(['signUpEmail', 'signUpPassword']);
const numericTests = new Set(['greaterThan', 'lessThan', 'atLeast', 'atMost']);
/** Paths the reachability proof may walk before it asks the author to simplify. */
const MAX_PATHS = 20_000;
/** The day calculators that need one are run with during the proof (any day gives the same branches). */
const PROOF_DAY = '2026-01-01';

/**
 * The branch rules of one order of a flow (`when` on a step, `next` routes out of it):
 * - the first step is always shown; sign-up steps are neither conditional nor the source of a route;
 * - a route goes to a step of the order that comes later (so no path can loop), never past a sign-up step;
 * - every comparison has exactly one test; it names a step before it in the order (a condition reads
 *   only answers given before it) or a known calculator whose inputs are written before it; choices
 *   are compared with their own option values, numbers (stored unit) with numbers.
 */
export function verifyBranchRules(flow: ResolvedFlow, orderName: string, ids: readonly string[], locator: Locator, out: FlowDiagnostic[]): void {
  const position = new Map(ids.map((id, index) => [id, index]));
  const check: BranchCheck = { flow, ids, position, locator, out };
  const firstSignUp = ids.findIndex((id) => signUpKinds.has(flow.steps[id]?.screen ?? 'info'));
  ids.forEach((id, index) => {
    const step = flow.steps[id];
    if (step === undefined) return;
    const at = (...rest: (string | number)[]): FlowPath => ['steps', id, ...rest];
    if (step.when !== undefined) {
      if (index === 0) out.push(locator.at(at('when'), `the first step of order "${orderName}" is always shown: remove "when" or move the step later`));
      else if (signUpKinds.has(step.screen)) out.push(locator.at(at('when'), 'sign-up steps are always shown: remove "when"'));
      verifyCondition(check, step.when, at('when'), index);
    }
    step.next?.forEach((route, routeIndex) => {
      const routeAt = (...rest: (string | number)[]) => at('next', routeIndex, ...rest);
      if (signUpKinds.has(step.screen)) {
        out.push(locator.at(at('next'), 'sign-up steps cannot branch: remove "next"'));
        return;
      }
      const target = position.get(route.to);
      if (target === undefined) {
        const known = flow.steps[route.to] !== undefined;
        out.push(locator.at(routeAt('to'), known ? `step "${route.to}" is not in order "${orderName}"` : `unknown step "${route.to}"${didYouMean(route.to, ids)}`));
      } else if (target <= index) {
        out.push(locator.at(routeAt('to'), `route goes back to "${route.to}" (position ${target + 1}, this step is ${index + 1}): routes only go forward, so no path can loop`));
      } else if (firstSignUp !== -1 && target > firstSignUp) {
        out.push(locator.at(routeAt('to'), `route skips the sign-up step "${ids[firstSignUp] ?? ''}": go to it or to a step before it`));
      }
      // A route's condition may read the step's own answer.
      if (route.when !== undefined) verifyCondition(check, route.when, routeAt('when'), index + 1);
    });
  });
}

function verifyCondition(check: BranchCheck, condition: Condition, path: FlowPath, limit: number): void {
  const { locator, out } = check;
  for (const { comparison, path: inner } of conditionComparisons(condition)) {
    const at: FlowPath = [...path, ...inner];
    const tests = comparisonTests(comparison);
    if (tests.length !== 1) {
      out.push(
        locator.at(
          at,
          tests.length === 0
            ? 'a comparison needs one test: equals, oneOf, greaterThan, lessThan, atLeast or atMost'
            : `one test per comparison (found ${tests.map((t) => t.name).join(', ')}): combine comparisons with "all: [...]"`,
        ),
      );
      continue;
    }
    if ('answer' in comparison) verifyAnswerComparison(check, comparison, at, limit);
    else verifyComputedComparison(check, comparison, at, limit);
  }
}

function verifyAnswerComparison(check: BranchCheck, comparison: Extract<ConditionComparison, { answer: string }>, at: FlowPath, limit: number): void {
  const { flow, ids, position, locator, out } = check;
  const stepId = comparison.answer;
  const index = position.get(stepId);
  const step = flow.steps[stepId];
  if (index === undefined || step === undefined) {
    out.push(locator.at([...at, 'answer'], step === undefined ? `unknown step "${stepId}"${didYouMean(stepId, ids.slice(0, limit))}` : `step "${stepId}" is not in this order`));
    return;
  }
  if (index >= limit) {
    out.push(locator.at([...at, 'answer'], `step "${stepId}" comes at or after this point (position ${index + 1}): a condition reads only answers given before it`));
    return;
  }
  const [test] = comparisonTests(comparison);
  if (test === undefined) return;
  const values = step.options === undefined ? [] : (flow.optionSets[step.options] ?? []).map((option) => option.value);
  if (step.screen === 'multiSelect') {
    if (test.name !== 'includes') {
      out.push(locator.at([...at, test.name], `"${stepId}" is a multi-select: test it with includes: <option value> (combine several with all / any)`));
    } else if (typeof test.operand === 'string' && !values.includes(test.operand)) {
      out.push(locator.at([...at, test.name], `"${test.operand}" is not an option of step "${stepId}"${didYouMean(test.operand, values)} (options: ${values.join(', ')})`));
    }
    return;
  }
  if (test.name === 'includes') {
    out.push(locator.at([...at, test.name], `includes tests a multi-select answer; "${stepId}" is a ${step.screen} step${step.screen === 'singleChoice' ? ': use equals or oneOf' : ''}`));
    return;
  }
  if (step.screen === 'singleChoice') {
    if (numericTests.has(test.name) || typeof test.operand === 'number') {
      out.push(locator.at([...at, test.name], `"${stepId}" is a choice: compare it with equals or oneOf, not with a number`));
      return;
    }
    const operands = Array.isArray(test.operand) ? test.operand : [test.operand];
    operands.forEach((operand, operandIndex) => {
      if (typeof operand === 'string' && !values.includes(operand)) {
        const operandAt: FlowPath = Array.isArray(test.operand) ? [...at, test.name, operandIndex] : [...at, test.name];
        out.push(locator.at(operandAt, `"${operand}" is not an option of step "${stepId}"${didYouMean(operand, values)} (options: ${values.join(', ')})`));
      }
    });
  } else if (numberKinds.has(step.screen)) {
    if (typeof test.operand !== 'number') {
      out.push(locator.at([...at, test.name], `"${stepId}" is a number (stored in ${step.screen === 'slider' ? 'the units of its scale' : storedUnit(flow, step.unitSystem)}): compare it with a number (greaterThan, lessThan, atLeast, atMost or equals)`));
    }
  } else {
    const hint = step.screen === 'date' ? ': compare a birth date through a calculator, e.g. { computed: ageFromBirthDate, atLeast: 18 }' : '';
    out.push(locator.at([...at, 'answer'], `step "${stepId}" (${step.screen}) has no answer to compare${hint}`));
  }
}

function verifyComputedComparison(check: BranchCheck, comparison: Extract<ConditionComparison, { computed: string }>, at: FlowPath, limit: number): void {
  const { locator, out } = check;
  const name = comparison.computed;
  if (!verifyCalculator(check, name, at, limit) || !isCalculatorName(name)) return;
  const calculator = calculators[name];
  const [test] = comparisonTests(comparison);
  if (calculator.result !== 'number') {
    out.push(locator.at([...at, 'computed'], `calculator "${name}" gives a ${calculator.result}, which conditions cannot compare; show it on an info step instead`));
  } else if (test !== undefined && typeof test.operand !== 'number') {
    out.push(locator.at([...at, test.name], `calculator "${name}" gives a number: compare it with a number`));
  }
}

/** The calculator exists and a step before `limit` writes each of its inputs; false when it is unknown. */
function verifyCalculator(check: BranchCheck, name: string, at: FlowPath, limit: number): boolean {
  const { flow, ids, locator, out } = check;
  if (!isCalculatorName(name)) {
    out.push(locator.at([...at, 'computed'], `unknown calculator "${name}"${didYouMean(name, calculatorNames)} (calculators: ${calculatorNames.join(', ')})`));
    return false;
  }
  const calculator = calculators[name];
  const written = new Set<string>(ids.slice(0, limit).flatMap((id) => {
    const storage = flow.steps[id]?.storage;
    return storage?.mode === 'value' ? [storage.key] : [];
  }));
  const missing = calculator.reads.filter((key) => !written.has(key));
  if (missing.length > 0) {
    out.push(locator.at([...at, 'computed'], `calculator "${name}" reads ${missing.map((key) => `"${key}"`).join(', ')}, which no step before this point writes`));
  }
  return true;
}

/**
 * `values:` of info steps (what their texts interpolate): only on info steps; an answer of a step
 * before it that has a value (a choice or a number), or a known calculator whose inputs come before it.
 */
export function verifyTextValues(flow: ResolvedFlow, ids: readonly string[], locator: Locator, out: FlowDiagnostic[]): void {
  const position = new Map(ids.map((id, index) => [id, index]));
  const check: BranchCheck = { flow, ids, position, locator, out };
  ids.forEach((id, index) => {
    const step = flow.steps[id];
    if (step?.values === undefined) return;
    if (step.screen !== 'info') {
      out.push(locator.at(['steps', id, 'values'], `values only apply to info steps (this step is "${step.screen}")`));
      return;
    }
    for (const [name, source] of Object.entries(step.values)) {
      const at: FlowPath = ['steps', id, 'values', name];
      if ('computed' in source) {
        verifyCalculator(check, source.computed, at, index);
        continue;
      }
      const read = flow.steps[source.answer];
      const readAt = position.get(source.answer);
      if (read === undefined || readAt === undefined) {
        out.push(locator.at([...at, 'answer'], read === undefined ? `unknown step "${source.answer}"${didYouMean(source.answer, ids.slice(0, index))}` : `step "${source.answer}" is not in this order`));
      } else if (readAt >= index) {
        out.push(locator.at([...at, 'answer'], `step "${source.answer}" comes after this step (position ${readAt + 1}): a text shows only answers given before it`));
      } else if (read.screen !== 'singleChoice' && !numberKinds.has(read.screen)) {
        // A multi-select, date or text has no single value to show (a date is shown through a calculator).
        out.push(locator.at([...at, 'answer'], `step "${source.answer}" (${read.screen}) has no answer to show`));
      }
    }
  });
}

function storedUnit(flow: ResolvedFlow, unitSystem: string | undefined): string {
  return (unitSystem === undefined ? undefined : flow.unitSystems[unitSystem]?.metric.unit) ?? 'its metric unit';
}

/**
 * Proves on the compiled flow, with the same path code the funnel machine runs, that every step of
 * the order is shown on some path. The paths are enumerated with representative answers: every
 * option of a choice that a condition or a route reads (one option otherwise), and for numbers the
 * ends of the range, the middle and each side of every threshold a condition compares them with.
 * Every path reaches the exit: routes only go forward (verifyBranchRules), so a walk always ends.
 */
export function verifyReachable(compiled: CompiledFlow, orderName: string, locator: Locator, out: FlowDiagnostic[]): void {
  if (!compiled.steps.some((step) => step.when !== undefined || step.next !== undefined)) return;
  const read = readSteps(compiled);
  const thresholds = numberThresholds(compiled);
  const env = { calculators, today: PROOF_DAY };
  const shown = new Set<string>();
  const seen = new Set<string>();
  // Steps writing a key an earlier step of the same path wrote: step id -> that earlier step.
  const twice = new Map<string, string>();
  let paths = 0;
  const explore = (answers: FunnelAnswers): boolean => {
    const path = walkPath(compiled, answers, env);
    for (const step of path.steps) shown.add(step.id);
    const frontier = path.frontier;
    // The password step is the sign-up machine's: the funnel ends there.
    if (frontier === undefined || frontier.screen === 'signUpPassword') {
      sharedKeys(path.steps, twice);
      return ++paths <= MAX_PATHS;
    }
    const key = `${frontier.id} ${JSON.stringify(Object.entries(answers).filter(([id]) => read.has(id)))}`;
    if (seen.has(key)) return true;
    seen.add(key);
    return representativeAnswers(frontier, read.has(frontier.id), thresholds.get(frontier.id) ?? [], PROOF_DAY).every((answer) => explore({ ...answers, [frontier.id]: answer }));
  };
  if (!explore({})) {
    out.push(locator.at(['orders', orderName], `more than ${MAX_PATHS} different answer paths: simplify the conditions so the flow can be checked`));
    return;
  }
  for (const [stepId, earlier] of twice) {
    const step = compiled.steps.find((candidate) => candidate.id === stepId);
    const key = step?.storage.mode === 'value' ? step.storage.key : '';
    out.push(locator.at(['steps', stepId, 'storage', 'key'], `storage key "${key}" is already written by step "${earlier}" on the same path of answers: give one of them another key`));
  }
  compiled.steps.forEach((step, index) => {
    if (shown.has(step.id)) return;
    const why = step.when === undefined ? 'every path jumps over it (check the routes before it)' : `no path of answers reaches it with its condition (${describeCondition(step.when)}) holding`;
    out.push(locator.at(['orders', orderName, index], `step "${step.id}" is never shown: ${why}`));
  });
}

/** Steps whose answer a condition or route reads, directly or through a calculator's storage keys. */
export function readSteps(flow: CompiledFlow): Set<string> {
  const read = new Set<string>();
  const keys = new Set<string>();
  for (const step of flow.steps) {
    const conditions = stepConditions(step);
    for (const { comparison } of conditions.flatMap((condition) => conditionComparisons(condition))) {
      if ('answer' in comparison) read.add(comparison.answer);
      else if (isCalculatorName(comparison.computed)) for (const key of calculators[comparison.computed].reads) keys.add(key);
    }
    // A route without a condition does not depend on the answer; one with a condition may.
    if ((step.next ?? []).some((route) => route.when !== undefined)) read.add(step.id);
  }
  for (const step of flow.steps) if (step.storage.mode === 'value' && keys.has(step.storage.key)) read.add(step.id);
  return read;
}

/** Records each step of a path that writes a `value` key an earlier step of the path wrote. */
function sharedKeys(path: readonly CompiledStep[], twice: Map<string, string>): void {
  const writers = new Map<string, string>();
  for (const step of path) {
    if (step.storage.mode !== 'value') continue;
    const earlier = writers.get(step.storage.key);
    if (earlier !== undefined && !twice.has(step.id)) twice.set(step.id, earlier);
    writers.set(step.storage.key, step.id);
  }
}
