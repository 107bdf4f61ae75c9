import { and, assign, setup, type SnapshotFrom } from 'xstate';
import type { CompiledFlow, CompiledStep } from './compiled-flow';
import type { FunnelAnswer, FunnelAnswers } from './funnel-answer';
import { isAnswerValidForStep } from './answer-validation';
import { nextOnPath, offPathAnswers, possiblePredecessors, possibleSuccessors, walkPath, type FunnelPath, type PathEnvironment } from './funnel-path';

export type FunnelEvent =
  /** A screen submits the answer of its step. */
  | { readonly type: 'ANSWER'; readonly stepId: string; readonly answer: FunnelAnswer }
  /** Company, info and readyToStart screens: the hidden "continue" answer. */
  | { readonly type: 'CONTINUE'; readonly stepId: string }
  | { readonly type: 'BACK' }
  /** The route asks for a step (deep link, reload, browser back/forward). */
  | { readonly type: 'GO_TO'; readonly stepId: string };

export interface FunnelContext {
  readonly answers: FunnelAnswers;
  /** Steps whose answers the last accepted answer took off the path (their storage is cleared too). */
  readonly cleared: readonly string[];
}

export interface FunnelInput {
  /** Answers restored from storage (see `restore-answers.ts`). */
  readonly answers?: FunnelAnswers;
}

/** State reached after the last step; the app navigates to the flow's `exit` when it sees it. */
export const FUNNEL_EXITED = 'exited';

interface StepParams {
  readonly stepId: string;
}

interface MoveParams {
  readonly stepId: string;
  /** A step id or FUNNEL_EXITED. */
  readonly target: string;
}

/**
 * Generates the funnel machine of a compiled flow: one state per step in flow order, then `exited`.
 *
 * The config is plain data; guards and actions are referenced by name with params:
 * - `isAnswerValid` / `acceptsContinue` gate ANSWER / CONTINUE on the current step, `leadsTo` picks the
 *   target among the steps that can follow it (its `next` routes and `when` conditions, evaluated on
 *   the answers by engine/funnel-path.ts: YAML data, no code).
 * - `recordAnswer` keeps the answer in context and drops the answers of steps the new answer takes off
 *   the path (`cleared`, so storage forgets them too); `persistAnswer` is a no-op here and is supplied
 *   by the app with `.provide()` (storage is I/O, the engine has none).
 * - BACK goes to the previous step on the visitor's path (`previousIs`).
 * - GO_TO (from the route) enters the asked step when it is on the path the answers give
 *   (`canEnterStep`), otherwise the first unanswered step of the path (`isFirstUnansweredStep`): the
 *   deep-link rule. A step the conditions exclude is never entered.
 *
 * A straight flow (no `when`, no `next`) has one candidate per transition and behaves as a line.
 */
export function createFunnelMachine(flow: CompiledFlow, env: PathEnvironment = {}) {
  const steps = flow.steps;
  const first = steps[0];
  if (!first) throw new Error(`flow "${flow.id}" has no steps`);
  const stepById = new Map(steps.map((step) => [step.id, step]));
  const lookUp = (stepId: string): CompiledStep | undefined => stepById.get(stepId);
  const idAt = (index: number): string => steps[index]?.id ?? FUNNEL_EXITED;
  // walkPath keeps the path of one answers object: walked once however many guards ask.
  const pathOf = (answers: FunnelAnswers): FunnelPath => walkPath(flow, answers, env);

  const stepStates = Object.fromEntries(
    steps.map((step) => {
      const advance = [
        { type: 'recordAnswer', params: { stepId: step.id } },
        { type: 'persistAnswer', params: { stepId: step.id } },
      ] as const;
      const targets = possibleSuccessors(flow, step.index).map(idAt);
      const moves = (valid: 'isAnswerValid' | 'acceptsContinue') =>
        targets.map((target) => ({
          guard: and([{ type: valid, params: { stepId: step.id } }, { type: 'leadsTo', params: { stepId: step.id, target } }]),
          target,
          actions: advance,
        }));
      const back = possiblePredecessors(flow, step.index).map((index) => ({
        guard: { type: 'previousIs' as const, params: { stepId: step.id, target: idAt(index) } },
        target: idAt(index),
      }));
      return [step.id, { on: { ANSWER: moves('isAnswerValid'), CONTINUE: moves('acceptsContinue'), ...(back.length > 0 ? { BACK: back } : {}) } }];
    }),
  );
  const lastSteps = possiblePredecessors(flow, steps.length).map((index) => ({
    guard: { type: 'previousIs' as const, params: { stepId: FUNNEL_EXITED, target: idAt(index) } },
    target: idAt(index),
  }));

  const goTo = [
    ...steps.map((step) => ({ guard: { type: 'canEnterStep' as const, params: { stepId: step.id } }, target: `.${step.id}` })),
    ...steps.map((step) => ({ guard: { type: 'isFirstUnansweredStep' as const, params: { stepId: step.id } }, target: `.${step.id}` })),
  ];

  return setup({
    // XState's way of declaring types: a type-only marker, not a runtime value. The assertion is what
    // XState infers the machine's types from, which the lint rule cannot see.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    types: {} as { context: FunnelContext; events: FunnelEvent; input: FunnelInput },
    guards: {
      isAnswerValid: ({ event }, params: StepParams) => {
        const step = lookUp(params.stepId);
        return event.type === 'ANSWER' && event.stepId === params.stepId && step !== undefined && isAnswerValidForStep(step, event.answer, env.today);
      },
      acceptsContinue: ({ event }, params: StepParams) => {
        const step = lookUp(params.stepId);
        return event.type === 'CONTINUE' && event.stepId === params.stepId && step !== undefined && isAnswerValidForStep(step, { kind: 'continue' });
      },
      leadsTo: ({ context, event }, params: MoveParams) => {
        const answer = submittedAnswer(event);
        if (!answer) return false;
        const next = nextOnPath(flow, { ...context.answers, [params.stepId]: answer }, params.stepId, env);
        return (next === 'exit' ? FUNNEL_EXITED : next?.id) === params.target;
      },
      previousIs: ({ context }, params: MoveParams) => {
        const path = pathOf(context.answers).steps;
        const position = params.stepId === FUNNEL_EXITED ? path.length : path.findIndex((step) => step.id === params.stepId);
        return position > 0 && path[position - 1]?.id === params.target;
      },
      canEnterStep: ({ context, event }, params: StepParams) =>
        event.type === 'GO_TO' && event.stepId === params.stepId && pathOf(context.answers).steps.some((step) => step.id === params.stepId),
      isFirstUnansweredStep: ({ context, event }, params: StepParams) =>
        event.type === 'GO_TO' && stepById.has(event.stepId) && pathOf(context.answers).frontier?.id === params.stepId,
    },
    actions: {
      recordAnswer: assign(({ context, event }, params: StepParams) => {
        const answer = submittedAnswer(event);
        if (!answer) return {};
        const answers: FunnelAnswers = { ...context.answers, [params.stepId]: answer };
        const cleared = offPathAnswers(flow, answers, env);
        return { answers: withoutSteps(answers, cleared), cleared };
      }),
      persistAnswer: (_args, _params: StepParams) => {
        // Supplied by the app through .provide(); left empty so the engine stays free of I/O.
      },
    },
  }).createMachine({
    id: `funnel-${flow.id}`,
    context: ({ input }) => ({ answers: knownAnswers(flow, input.answers ?? {}, env), cleared: [] }),
    initial: first.id,
    on: { GO_TO: goTo },
    states: {
      ...stepStates,
      [FUNNEL_EXITED]: { on: { BACK: lastSteps } },
    },
  });
}

export type FunnelMachine = ReturnType<typeof createFunnelMachine>;

/**
 * The state a funnel snapshot is in: a step id or FUNNEL_EXITED. XState types the value from the states
 * object, which is built at run time (one key per step), so on its own it only knows `exited`.
 */
export function funnelStateOf(snapshot: SnapshotFrom<FunnelMachine>): string {
  return snapshot.value;
}

/**
 * Drops restored answers for steps the flow does not have, that would not pass the guard today, or
 * that the other answers take off the path.
 */
function knownAnswers(flow: CompiledFlow, answers: FunnelAnswers, env: PathEnvironment): FunnelAnswers {
  const kept: Record<string, FunnelAnswer> = {};
  for (const step of flow.steps) {
    const answer = answers[step.id];
    if (answer && isAnswerValidForStep(step, answer, env.today)) kept[step.id] = answer;
  }
  return withoutSteps(kept, offPathAnswers(flow, kept, env));
}

function withoutSteps(answers: FunnelAnswers, stepIds: readonly string[]): FunnelAnswers {
  if (stepIds.length === 0) return answers;
  return Object.fromEntries(Object.entries(answers).filter(([stepId]) => !stepIds.includes(stepId)));
}

function submittedAnswer(event: FunnelEvent): FunnelAnswer | undefined {
  return event.type === 'ANSWER' ? event.answer : event.type === 'CONTINUE' ? { kind: 'continue' } : undefined;
}
