import type { Calculator } from './calculators.ts';
import type { CompiledFlow, CompiledStep } from './compiled-flow.ts';
import type { CalendarDay } from './daily-calorie-plan.ts';
import { answerStorageWrites } from './answer-storage.ts';
import { evaluateCondition, type ConditionFacts, type Fact } from './flow-condition.ts';
import type { FunnelAnswer, FunnelAnswers } from './funnel-answer.ts';
import { typedQuantity, type TypedQuantity } from './number-answer-check.ts';
import { isSignUpStep } from './questionnaire-progress.ts';

/**
 * What conditions on computed values need: the calculators (loaded only by flows that use them, so
 * the spec flows' first step does not carry them) and the visitor's calendar day.
 */
export interface PathEnvironment {
  readonly calculators?: Readonly<Record<string, Calculator>>;
  readonly today?: CalendarDay;
}

/** The visitor's path through a flow as far as the answers decide it. */
export interface FunnelPath {
  /** The steps shown to this visitor, in order: the answered ones, then the frontier (if any). */
  readonly steps: readonly CompiledStep[];
  /** The first unanswered step on the path; undefined when the answers lead to the exit. */
  readonly frontier: CompiledStep | undefined;
}

const unknown: Fact = { known: false };

/**
 * Paths already walked, per flow, environment and answers object. Answers are immutable (the machine
 * makes a new object per change), so one tap's questions (the machine's guards, the step route's next
 * step, progress and text values) walk the path once instead of once each (issue 31: per-tap work).
 */
const walked = new WeakMap<CompiledFlow, WeakMap<PathEnvironment, WeakMap<FunnelAnswers, FunnelPath>>>();

/** The environment of a flow without computed values: one object, so that its walks are shared too. */
const noEnvironment: PathEnvironment = {};

/**
 * Walks the flow from its first step with the answers: after an answered step comes the target of its
 * first `next` route that holds, else the next step of the order; a step whose `when` does not hold is
 * skipped. The walk stops at the first unanswered step. Answers of steps off the path are ignored, so a
 * condition only ever sees answers the visitor gave on the way to it. A straight flow's path is its
 * steps up to the first unanswered one.
 */
export function walkPath(flow: CompiledFlow, answers: FunnelAnswers, env: PathEnvironment = noEnvironment): FunnelPath {
  let byEnvironment = walked.get(flow);
  if (!byEnvironment) walked.set(flow, (byEnvironment = new WeakMap()));
  let byAnswers = byEnvironment.get(env);
  if (!byAnswers) byEnvironment.set(env, (byAnswers = new WeakMap()));
  let path = byAnswers.get(answers);
  if (!path) byAnswers.set(answers, (path = walk(flow, answers, env)));
  return path;
}

function walk(flow: CompiledFlow, answers: FunnelAnswers, env: PathEnvironment): FunnelPath {
  const walker = new PathWalker(flow, env);
  const path: CompiledStep[] = [];
  for (let index = walker.land(0); index < flow.steps.length; ) {
    const step = flow.steps[index];
    if (step === undefined) break;
    path.push(step);
    const answer = answers[step.id];
    if (answer === undefined) return { steps: path, frontier: step };
    walker.answered.set(step.id, answer);
    index = walker.land(walker.routeIndex(step) ?? index + 1);
  }
  return { steps: path, frontier: undefined };
}

/** The step after `stepId` on the path the answers give (undefined: the exit, or not on the path). */
export function nextOnPath(flow: CompiledFlow, answers: FunnelAnswers, stepId: string, env: PathEnvironment = noEnvironment): CompiledStep | 'exit' | undefined {
  const { steps } = walkPath(flow, answers, env);
  const position = steps.findIndex((step) => step.id === stepId);
  if (position === -1 || answers[stepId] === undefined) return undefined;
  return steps[position + 1] ?? 'exit';
}

/**
 * Answers of steps the path no longer passes (the visitor went back and chose otherwise): they are
 * dropped, with their storage. Steps after the frontier keep theirs until the path reaches them.
 */
export function offPathAnswers(flow: CompiledFlow, answers: FunnelAnswers, env: PathEnvironment = noEnvironment): string[] {
  const path = walkPath(flow, answers, env);
  const onPath = new Set(path.steps.map((step) => step.id));
  const frontierIndex = path.frontier?.index ?? flow.steps.length;
  return flow.steps.filter((step) => step.index < frontierIndex && answers[step.id] !== undefined && !onPath.has(step.id)).map((step) => step.id);
}

/**
 * "Step n of N" on the visitor's path: n counts the questionnaire steps (no sign-up steps) of the path
 * up to this one; N is those answered so far plus the longest way the rest can still go, counting a
 * step whose condition is still open. An answer can only close ways, so N never grows and the bar
 * never goes back while the visitor moves on. Undefined for a sign-up step or one off the path.
 */
export function pathProgress(flow: CompiledFlow, step: CompiledStep, answers: FunnelAnswers, env: PathEnvironment = noEnvironment): { current: number; total: number } | undefined {
  if (isSignUpStep(step)) return undefined;
  const path = walkPath(flow, answers, env);
  const position = path.steps.findIndex((candidate) => candidate.id === step.id);
  if (position === -1) return undefined;
  const counted = (steps: readonly CompiledStep[]) => steps.filter((candidate) => !isSignUpStep(candidate)).length;
  const current = counted(path.steps.slice(0, position + 1));
  const frontier = path.frontier;
  if (frontier === undefined) return { current, total: counted(path.steps) };
  const walker = new PathWalker(flow, env, frontier.index);
  for (const answered of path.steps) {
    const answer = answers[answered.id];
    if (answered !== frontier && answer !== undefined) walker.answered.set(answered.id, answer);
  }
  return { current, total: counted(path.steps.slice(0, -1)) + walker.longestFrom(frontier.index) };
}

/**
 * The step a visitor most likely sees after this one (to prefetch its screen and for the link that
 * works without JavaScript): the next on the path when the step is answered, else the next step of the
 * order that may still be shown.
 */
export function likelyNextStep(flow: CompiledFlow, step: CompiledStep, answers: FunnelAnswers, env: PathEnvironment = noEnvironment): CompiledStep | undefined {
  const next = nextOnPath(flow, answers, step.id, env);
  if (next !== undefined) return next === 'exit' ? undefined : next;
  const walker = new PathWalker(flow, env, step.index);
  for (const [id, answer] of Object.entries(answers)) walker.answered.set(id, answer);
  for (let index = step.index + 1; index < flow.steps.length; index++) {
    const candidate = flow.steps[index];
    if (candidate && (candidate.when === undefined || walker.holds(candidate.when, index) !== false)) return candidate;
  }
  return undefined;
}

/**
 * Indexes of the steps that can come right after step `index` on some path (flow.steps.length: the
 * exit): its routes' targets and the next step of the order, each followed past the steps that have
 * a condition (they may be skipped). The machine has one guarded transition per candidate.
 */
export function possibleSuccessors(flow: CompiledFlow, index: number): number[] {
  const step = flow.steps[index];
  if (step === undefined) return [];
  const targets = (step.next ?? []).map((route) => flow.steps.findIndex((candidate) => candidate.id === route.to)).filter((target) => target > index);
  const alwaysRoutes = (step.next ?? []).some((route) => route.when === undefined);
  const starts = alwaysRoutes ? targets : [...targets, index + 1];
  const result = new Set<number>();
  for (const start of starts) for (const landing of possibleLandings(flow, start)) result.add(landing);
  return [...result].sort((a, b) => a - b);
}

/** Step `start` and, while the step there has a condition, the ones after it; the exit at the end. */
function possibleLandings(flow: CompiledFlow, start: number): number[] {
  const landings: number[] = [];
  for (let index = start; index <= flow.steps.length; index++) {
    landings.push(index);
    if (flow.steps[index]?.when === undefined) break;
  }
  return landings;
}

/** Indexes of the steps that can come right before step `index` (flow.steps.length: the exit). */
export function possiblePredecessors(flow: CompiledFlow, index: number): number[] {
  return flow.steps.flatMap((step) => (possibleSuccessors(flow, step.index).includes(index) ? [step.index] : []));
}

/**
 * Evaluates conditions on the answers of one path. Facts about steps at or after `decidedBefore` are
 * unknown (projection); before it, a step without an answer here was skipped, and its tests are false.
 */
class PathWalker {
  readonly answered = new Map<string, FunnelAnswer>();
  private readonly byId: ReadonlyMap<string, CompiledStep>;

  constructor(
    private readonly flow: CompiledFlow,
    private readonly env: PathEnvironment,
    private readonly decidedBefore?: number,
  ) {
    this.byId = new Map(flow.steps.map((step) => [step.id, step]));
  }

  /** The first index from `start` whose step is shown (its `when` holds or it has none). */
  land(start: number): number {
    let index = start;
    for (let step = this.flow.steps[index]; step?.when !== undefined && this.holds(step.when, index) !== true; step = this.flow.steps[index]) index++;
    return index;
  }

  /** The index of the target of the step's first route that holds, undefined when none does. */
  routeIndex(step: CompiledStep): number | undefined {
    const route = step.next?.find((candidate) => candidate.when === undefined || this.holds(candidate.when, step.index + 1) === true);
    return route === undefined ? undefined : this.flow.steps.findIndex((candidate) => candidate.id === route.to);
  }

  holds(condition: NonNullable<CompiledStep['when']>, decidedBefore: number): boolean | undefined {
    return evaluateCondition(condition, this.facts(Math.min(decidedBefore, this.decidedBefore ?? decidedBefore)));
  }

  /** Longest count of questionnaire steps from arriving at `start` to the exit, open conditions counted as holding. */
  longestFrom(start: number): number {
    const memo = new Map<number, number>();
    const arrive = (index: number): number => {
      const step = this.flow.steps[index];
      if (step === undefined) return 0;
      const known = memo.get(index);
      if (known !== undefined) return known;
      const shown = step.when === undefined ? true : this.holds(step.when, index);
      const value = shown === false ? arrive(index + 1) : shown === true ? show(step) : Math.max(show(step), arrive(index + 1));
      memo.set(index, value);
      return value;
    };
    const show = (step: CompiledStep): number => {
      const targets: number[] = [];
      let settled = false;
      for (const route of step.next ?? []) {
        const holds = route.when === undefined ? true : this.holds(route.when, step.index + 1);
        if (holds === false) continue;
        targets.push(this.flow.steps.findIndex((candidate) => candidate.id === route.to));
        if (holds === true) {
          settled = true;
          break;
        }
      }
      if (!settled) targets.push(step.index + 1);
      return (isSignUpStep(step) ? 0 : 1) + Math.max(...targets.map(arrive));
    };
    return arrive(start);
  }

  /** The value of an answered step on this path (option value or stored number). */
  answerOf(stepId: string): string | number | undefined {
    const step = this.byId.get(stepId);
    const answer = this.answered.get(stepId);
    const value = step && answer ? answerValue(step, answer) : undefined;
    // A text shows one value; the verifier refuses a multi-select there.
    return typeof value === 'object' ? undefined : value;
  }

  /** An answer as a text shows it: a number step with a unit toggle in the unit it was typed in. */
  shownAnswer(stepId: string): TextValue | undefined {
    const step = this.byId.get(stepId);
    const answer = this.answered.get(stepId);
    if (step?.number?.imperial !== undefined && answer !== undefined) return typedQuantity(step, answer);
    return this.answerOf(stepId);
  }

  /** A calculator's result on this path's answers: a number, a date as UTC midnight, or a term to translate. */
  computedValue(name: string): number | Date | TranslatedTerm | undefined {
    const stored = this.storedValues();
    const result = this.env.calculators?.[name]?.compute({ read: (key) => stored[key] ?? null, today: this.env.today ?? '' });
    if (result === undefined) return undefined;
    if (result.kind === 'term') return { kind: 'term', key: result.value };
    return result.kind === 'number' ? result.value : new Date(`${result.value}T00:00:00Z`);
  }

  private facts(decidedBefore: number): ConditionFacts {
    return {
      answer: (stepId) => {
        const step = this.byId.get(stepId);
        if (step === undefined) return { known: true, value: undefined };
        if (step.index >= decidedBefore) return unknown;
        const answer = this.answered.get(stepId);
        return { known: true, value: answer === undefined ? undefined : answerValue(step, answer) };
      },
      computed: (name) => {
        const calculator = this.env.calculators?.[name];
        const stored = this.storedValues();
        const result = calculator?.compute({ read: (key) => stored[key] ?? null, today: this.env.today ?? '' });
        if (result?.kind === 'number') return { known: true, value: result.value };
        // Missing inputs may still be answered further on.
        return decidedBefore < this.flow.steps.length && result === undefined ? unknown : { known: true, value: undefined };
      },
    };
  }

  private storedValues(): Record<string, string> {
    const stored: Record<string, string> = {};
    for (const [stepId, answer] of this.answered) {
      const step = this.byId.get(stepId);
      if (step) Object.assign(stored, answerStorageWrites(step, answer).local);
    }
    return stored;
  }
}

/** A word a text shows in the visitor's language: the translation key of a term calculator's result. */
export interface TranslatedTerm {
  readonly kind: 'term';
  readonly key: string;
}

/** A value an info step's texts show: an option value, a number, a calendar day, a number with its unit, or a term. */
export type TextValue = string | number | Date | TypedQuantity | TranslatedTerm;

/**
 * The values an info step's texts interpolate (`values:` in the YAML), from the answers on the
 * visitor's path: option values, the answer of a number step with a unit toggle in the unit the visitor
 * typed it in (a `TypedQuantity`, "154 lb"), other numbers as stored, and calculator results (a date as
 * a UTC midnight `Date`, for i18next's `datetime` formatter with `timeZone: UTC`; a term as its
 * translation key, e.g. the BMI band). A value that cannot
 * be known (an input skipped) is left out, and the text shows its placeholder name.
 */
export function textValues(flow: CompiledFlow, step: CompiledStep, answers: FunnelAnswers, env: PathEnvironment = noEnvironment): Record<string, TextValue> {
  const walker = new PathWalker(flow, env);
  const path = walkPath(flow, answers, env);
  for (const onPath of path.steps) {
    const answer = answers[onPath.id];
    if (answer !== undefined) walker.answered.set(onPath.id, answer);
  }
  const values: Record<string, TextValue> = {};
  for (const [name, source] of Object.entries(step.values ?? {})) {
    const value = 'answer' in source ? walker.shownAnswer(source.answer) : walker.computedValue(source.computed);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

/**
 * What conditions compare an answer by: the option value, the picked option values (multi-select),
 * the slider's position, or the number as stored (cm, kg, years). Dates and texts have none (a birth
 * date is compared through the `ageFromBirthDate` calculator).
 */
export function answerValue(step: CompiledStep, answer: FunnelAnswer): string | number | readonly string[] | undefined {
  if (answer.kind === 'choice') return answer.value;
  if (answer.kind === 'choices') return answer.values;
  if (answer.kind === 'scale') return answer.value;
  if (answer.kind === 'continue' || answer.kind === 'email' || answer.kind === 'date' || answer.kind === 'text' || step.storage.mode !== 'value') return undefined;
  const stored = answerStorageWrites(step, answer).local[step.storage.key];
  const number = stored === undefined ? Number.NaN : Number(stored);
  return Number.isFinite(number) ? number : undefined;
}
