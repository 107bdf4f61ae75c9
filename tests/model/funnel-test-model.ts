import { fromTransition, initialTransition, transition, type SnapshotFrom, type TransitionActorLogic, type TransitionSnapshot } from 'xstate';
import type { CompiledFlow, CompiledStep } from '../../engine/compiled-flow';
import type { FunnelAnswer, UnitSystem } from '../../engine/funnel-answer';
import { answerStorageWrites, answerUnit, initialUnitSystem, storageKeysOf } from '../../engine/answer-storage';
import type { PathEnvironment } from '../../engine/funnel-path';
import { dateBounds } from '../../engine/date-answer';
import { createFunnelMachine, FUNNEL_EXITED, funnelStateOf, type FunnelEvent, type FunnelMachine } from '../../engine/funnel-machine';
import { progressStorageKey, serializeAnswers } from '../../engine/restore-answers';
import { branchAnswers } from './branch-answers';

/**
 * Events of the test model: the funnel machine's own events, plus the unit toggle of the measurement
 * screens. The toggle is screen state (the machine only sees the unit inside the submitted answer), so
 * it is modelled here to make path coverage count it.
 *
 * GO_TO stands for typing the step's URL (a full page load): the app restores the answers from storage
 * and sends GO_TO from the route loader, and the screen starts over, so a toggled unit is forgotten.
 *
 * SIGN_UP is Continue on the password step (v1, v2). That step is the sign-up machine's, not the
 * funnel's: with the e-mail answered before, it creates the account and the app goes on to
 * /sign-up/preparing. The funnel machine is told nothing (the app sends it no event), so the model
 * does not send it one either.
 */
export type PathEvent =
  | FunnelEvent
  | { readonly type: 'TOGGLE_UNIT'; readonly stepId: string; readonly unit: UnitSystem }
  | { readonly type: 'SIGN_UP'; readonly stepId: string };

export interface PathModelContext {
  readonly funnel: SnapshotFrom<FunnelMachine>;
  /** The unit the toggle shows on the current height/weight step; undefined on other steps. */
  readonly unit: UnitSystem | undefined;
  /** What localStorage must hold: the answer-storage.ts writes of every accepted answer, in order. */
  readonly local: Readonly<Record<string, string>>;
  /** The same for sessionStorage (the sign-up e-mail). */
  readonly session: Readonly<Record<string, string>>;
  /** The password step created the account: the visitor is on /sign-up/preparing, the funnel is over. */
  readonly signedUp: boolean;
}

export type PathSnapshot = TransitionSnapshot<PathModelContext>;
export type PathLogic = TransitionActorLogic<PathModelContext, PathEvent, undefined>;

export interface FunnelTestModelOptions {
  /** navigator.language of the browser the paths run in: it picks the first unit on height (spec section 4). */
  readonly browserLanguage: string;
  /**
   * Single-choice steps whose every option this model answers (on a revisit, see `eventsOf`). Other
   * steps get one representative option: their options are answered in another flow or order with an
   * identical step (see option-coverage-plan.ts).
   */
  readonly allOptionsOn: ReadonlySet<string>;
  /**
   * Offer the unit toggle of measurement steps (default true). Off for the in-process walks of
   * branching flows: the toggle is the spec flows' to cover, and with the answers in the state key it
   * would multiply the states by the unit of every measurement.
   */
  readonly toggleUnits?: boolean;
  /** Calculators and day for flows whose conditions use computed values. */
  readonly env?: PathEnvironment;
}

export interface FunnelTestModel {
  readonly flow: CompiledFlow;
  readonly logic: PathLogic;
  readonly initial: PathSnapshot;
  /** The events a visitor can cause on the state (depends only on the state key, never on answer values). */
  readonly eventsOf: (snapshot: PathSnapshot) => readonly PathEvent[];
  /** The state key: step, whether the step is already answered, the unit shown. No answer values. */
  readonly serializeState: (snapshot: PathSnapshot) => string;
  readonly serializeEvent: (event: PathEvent) => string;
  /** True when the event answers the first unanswered step, so the states of that step are left for good. */
  readonly advancesFrontier: (snapshot: PathSnapshot, event: PathEvent) => boolean;
  readonly stepOf: (snapshot: PathSnapshot) => CompiledStep | undefined;
}

/**
 * Typed text used for measurements: a value per screen and unit, away from the placeholders so a
 * placeholder can never pass for an answer. Age and sign-up values are fixed too: answer values are not
 * part of the state space, one valid answer per step is enough there.
 */
const typedMeasurements: Readonly<Record<'length' | 'weight', Readonly<Record<UnitSystem, string>>>> = {
  length: { metric: '172.5', imperial: '67' },
  weight: { metric: '70', imperial: '150' },
};
/** Height in imperial units is typed as feet and inches (5 ft 7 in), the way US visitors say it. */
const typedFeetInches = { feet: '5', inches: '7' } as const;
const typedAge = '34';
/** A day for date steps of a flow the model runs without a day of its own (no range to keep to). */
const typedDate = '1990-06-15';
const typedText = 'Alex';
/**
 * The e-mail in the model. The local stack keeps accounts, so a browser run signs up with a fresh
 * address instead (path-runner.ts); the event key names no address, so test names stay stable.
 */
export const pathTestEmail = 'path.tester@example.com';
/** The password typed on the password step (SIGN_UP). */
export const pathTestPassword = 'model-based-tests';
/** Where the app goes once the password step created the account (screens/sign-up/use-sign-up-actor.ts). */
export const signedUpPath = '/sign-up/preparing';

/**
 * Wraps the funnel machine of a flow in a test model for `xstate/graph`: the machine decides every
 * move; the wrapper adds the unit toggle and computes, with engine/answer-storage.ts, what browser
 * storage must hold after each accepted answer.
 */
export function createFunnelTestModel(flow: CompiledFlow, options: FunnelTestModelOptions): FunnelTestModel {
  const machine = createFunnelMachine(flow, options.env);
  const branching = flow.steps.some((step) => step.when !== undefined || step.next !== undefined);
  // What the conditions read: which answers a revisit gives, and how the key names a deciding answer.
  const branches = branchAnswers(flow, options.env?.today);
  const steps = flow.steps;
  const byId = new Map(steps.map((step) => [step.id, step]));
  const stepOfValue = (value: unknown): CompiledStep | undefined => (typeof value === 'string' ? byId.get(value) : undefined);
  const first = steps[0];
  const last = steps[steps.length - 1];
  if (!first || !last) throw new Error(`flow ${flow.id} has no steps`);

  const unitOnEntry = (funnel: SnapshotFrom<FunnelMachine>, local: Readonly<Record<string, string>>): UnitSystem | undefined => {
    const step = stepOfValue(funnel.value);
    if (!step || !hasUnitToggle(step)) return undefined;
    const previous = funnel.context.answers[step.id];
    return initialUnitSystem(answerUnit(previous), local.useMetricOrImperial ?? null, options.browserLanguage, flow.imperialRegions);
  };

  const next = (context: PathModelContext, event: PathEvent): PathModelContext => {
    if (context.signedUp) return context;
    if (event.type === 'TOGGLE_UNIT') {
      const step = stepOfValue(context.funnel.value);
      return step?.id === event.stepId && context.unit !== undefined ? { ...context, unit: event.unit } : context;
    }
    if (event.type === 'SIGN_UP') {
      const step = stepOfValue(context.funnel.value);
      return step?.id === event.stepId && step.screen === 'signUpPassword' ? { ...context, unit: undefined, signedUp: true } : context;
    }
    const accepted = (event.type === 'ANSWER' || event.type === 'CONTINUE') && context.funnel.can(event);
    const [funnel] = transition(machine, context.funnel, event);
    let { local, session } = context;
    if (accepted) {
      const step = byId.get(event.stepId);
      const answer: FunnelAnswer = event.type === 'ANSWER' ? event.answer : { kind: 'continue' };
      if (step) {
        const writes = answerStorageWrites(step, answer);
        // Steps the answer took off the path lose their keys (browser-funnel-storage.ts).
        const clearedKeys = new Set(funnel.context.cleared.flatMap((id) => {
          const cleared = byId.get(id);
          return cleared ? storageKeysOf(cleared) : [];
        }));
        const kept = Object.fromEntries(Object.entries(local).filter(([key]) => !clearedKeys.has(key)));
        local = { ...kept, ...writes.local, [progressStorageKey(flow.id)]: serializeAnswers(funnel.context.answers) };
        session = { ...session, ...writes.session };
      }
    }
    // A new step (or a page load) opens its screen afresh; otherwise the toggle keeps its position.
    const reopened = event.type === 'GO_TO' || funnelStateOf(funnel) !== funnelStateOf(context.funnel);
    return { funnel, unit: reopened ? unitOnEntry(funnel, local) : context.unit, local, session, signedUp: false };
  };

  const [initialFunnel] = initialTransition(machine, {});
  const initialContext: PathModelContext = { funnel: initialFunnel, unit: unitOnEntry(initialFunnel, {}), local: {}, session: {}, signedUp: false };
  const logic: PathLogic = fromTransition(next, initialContext);
  const initial: PathSnapshot = { status: 'active', output: undefined, error: undefined, context: initialContext };

  const isAnswered = (snapshot: PathSnapshot, step: CompiledStep): boolean => snapshot.context.funnel.context.answers[step.id] !== undefined;

  /**
   * The answers offered on a step: those of its kind (`kindAnswers`), and on a revisit one per outcome
   * of the conditions that read the step (branch-answers.ts), each once. Numbers compared with are
   * typed in the stored unit, so they are offered while the screen shows it.
   */
  const answersFor = (step: CompiledStep, answered: boolean, unit: UnitSystem | undefined): PathEvent[] => {
    const own = kindAnswers(step, answered, unit);
    if (!answered) return own;
    const deciding = branches.revisit(step).filter((answer) => answer.kind !== 'measurement' || answer.unit === (unit ?? 'metric'));
    const events = [...own, ...deciding.map((answer): PathEvent => ({ type: 'ANSWER', stepId: step.id, answer }))];
    const keys = events.map(describePathEvent);
    return events.filter((event, index) => keys.indexOf(describePathEvent(event)) === index);
  };

  const kindAnswers = (step: CompiledStep, answered: boolean, unit: UnitSystem | undefined): PathEvent[] => {
    const answer = (value: FunnelAnswer): PathEvent => ({ type: 'ANSWER', stepId: step.id, answer: value });
    switch (step.screen) {
      case 'singleChoice': {
        const all = step.options ?? [];
        // Every option on a revisit: the visitor goes back and changes the answer, which costs two
        // events per option. A first visit answers once; its state can never be entered again.
        const chosen = answered && options.allOptionsOn.has(step.id) ? all : all.slice(0, 1);
        return chosen.map((option) => answer({ kind: 'choice', value: option.value }));
      }
      case 'number': {
        if (!hasUnitToggle(step)) return [answer({ kind: 'wholeNumber', text: typedAge })];
        const system = unit ?? 'metric';
        // Lengths (typed in feet and inches in imperial) get the height values, the others the weight ones.
        const length = step.number?.imperial?.composite !== undefined;
        if (length && system === 'imperial') return [answer({ kind: 'feetInches', ...typedFeetInches })];
        return [answer({ kind: 'measurement', text: typedMeasurements[length ? 'length' : 'weight'][system], unit: system })];
      }
      case 'multiSelect': {
        // Each option on its own on a revisit (as single choices do), else the fewest picks allowed.
        const values = (step.options ?? []).map((option) => option.value).filter((value) => value !== step.exclusive);
        const picks = answered && options.allOptionsOn.has(step.id) ? (step.options ?? []).map((option) => [option.value]) : [values.slice(0, step.selections?.min ?? 1)];
        return picks.map((picked) => answer({ kind: 'choices', values: picked }));
      }
      case 'slider': {
        const scale = step.scale;
        if (scale === undefined) return [];
        // Both ends on a revisit (as options are); a condition's thresholds come from branch-answers.ts.
        const positions = answered && options.allOptionsOn.has(step.id) ? [scale.min, scale.default, scale.max] : [scale.default];
        return positions.map((value) => answer({ kind: 'scale', value }));
      }
      case 'date': {
        const bounds = options.env?.today === undefined ? undefined : dateBounds(step, options.env.today);
        return [answer({ kind: 'date', value: bounds?.latest ?? typedDate })];
      }
      case 'text':
        return [answer({ kind: 'text', text: typedText })];
      case 'signUpEmail':
        return [answer({ kind: 'email', value: pathTestEmail })];
      case 'signUpPassword':
        return [{ type: 'SIGN_UP', stepId: step.id }];
      case 'company':
      case 'info':
      case 'readyToStart':
        return [{ type: 'CONTINUE', stepId: step.id }];
    }
  };

  const eventsOf = (snapshot: PathSnapshot): readonly PathEvent[] => {
    const { funnel, unit, signedUp } = snapshot.context;
    // Signed up: the funnel-entry check sends a signed-in visitor to checkout or the account instead of
    // into the funnel, so no funnel move is left.
    if (signedUp) return [];
    if (funnelStateOf(funnel) === FUNNEL_EXITED) {
      // Browser back from the page the funnel exited to, and coming back to the funnel's start.
      return [{ type: 'BACK' }, { type: 'GO_TO', stepId: first.id }];
    }
    const step = stepOfValue(funnel.value);
    if (!step) return [];
    const answered = isAnswered(snapshot, step);
    const events: PathEvent[] = [];
    if (unit !== undefined && options.toggleUnits !== false) events.push({ type: 'TOGGLE_UNIT', stepId: step.id, unit: unit === 'metric' ? 'imperial' : 'metric' });
    // A deep link to the following step: redirected back here while this step is unanswered.
    const following = steps[step.index + 1];
    if (following) events.push({ type: 'GO_TO', stepId: following.id });
    // A deep link to the end: lands on the first unanswered step, wherever that is.
    if (answered && last.id !== following?.id) events.push({ type: 'GO_TO', stepId: last.id });
    if (step.index > 0) events.push({ type: 'BACK' });
    events.push(...answersFor(step, answered, unit));
    return events;
  };

  const serializeState = (snapshot: PathSnapshot): string => {
    const { funnel, unit, signedUp } = snapshot.context;
    if (signedUp) return 'signed up';
    const step = stepOfValue(funnel.value);
    if (!step) return funnelStateOf(funnel);
    const base = `${step.id}${isAnswered(snapshot, step) ? ' (answered)' : ''}${unit ? ` [${unit}]` : ''}`;
    if (!branching) return base;
    // A branching flow moves by answers, and a changed answer clears others: the key names the steps
    // that hold an answer, what the conditions make of the deciding ones (branch-answers.ts) and the
    // stored unit choice.
    const answers = funnel.context.answers;
    const held = steps.flatMap((candidate) => {
      const answer = answers[candidate.id];
      if (!answer) return [];
      // The unit of a measurement: it picks the unit shown on a revisit.
      const unitShown = answerUnit(answer);
      return [branches.decisive.has(candidate.id) ? `${candidate.id}${branches.describe(candidate, answer, describeAnswer)}` : `${candidate.id}${unitShown ? `:${unitShown}` : ''}`];
    });
    // The stored unit choice decides the unit the next measurement step opens in.
    return `${base} {${held.join(', ')}} useMetric=${snapshot.context.local.useMetricOrImperial ?? '-'}`;
  };

  const advancesFrontier = (snapshot: PathSnapshot, event: PathEvent): boolean => {
    const step = stepOfValue(snapshot.context.funnel.value);
    return step !== undefined && !isAnswered(snapshot, step) && (event.type === 'ANSWER' || event.type === 'CONTINUE' || event.type === 'SIGN_UP');
  };

  return {
    flow,
    logic,
    initial,
    eventsOf,
    serializeState,
    serializeEvent: describePathEvent,
    advancesFrontier,
    stepOf: (snapshot) => (snapshot.context.signedUp ? undefined : stepOfValue(snapshot.context.funnel.value)),
  };
}

/** Steps with a metric/imperial toggle (height, weight, goal weight). */
export function hasUnitToggle(step: CompiledStep): boolean {
  return step.number?.imperial !== undefined;
}

/** A short, readable event key: `ANSWER female`, `ANSWER 67 imperial`, `ANSWER e-mail`, `GO_TO weight`, `TOGGLE_UNIT metric`. */
export function describePathEvent(event: PathEvent): string {
  switch (event.type) {
    case 'ANSWER':
      return `ANSWER ${describeAnswer(event.answer)}`;
    case 'CONTINUE':
      return 'CONTINUE';
    case 'BACK':
      return 'BACK';
    case 'GO_TO':
      return `GO_TO ${event.stepId}`;
    case 'TOGGLE_UNIT':
      return `TOGGLE_UNIT ${event.unit}`;
    case 'SIGN_UP':
      return 'SIGN_UP';
  }
}

function describeAnswer(answer: FunnelAnswer): string {
  switch (answer.kind) {
    case 'choice':
      return answer.value;
    case 'measurement':
      return `${answer.text} ${answer.unit}`;
    case 'feetInches':
      return `${answer.feet} ft ${answer.inches} in`;
    case 'wholeNumber':
      return answer.text;
    case 'choices':
      return answer.values.join('+');
    case 'scale':
      return String(answer.value);
    case 'date':
      return answer.value;
    case 'text':
      return answer.text;
    case 'continue':
      return 'continue';
    case 'email':
      return 'e-mail';
  }
}
