import { assign, setup, type SnapshotFrom } from 'xstate';
import type { CompiledFlow, CompiledStep } from './compiled-flow';
import type { FunnelAnswer, FunnelAnswers } from './funnel-answer';
import { isAnswerValidForStep } from './answer-validation';

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

/**
 * Generates the funnel machine of a compiled flow: one state per step in flow order, then `exited`.
 *
 * The config is plain data; guards and actions are referenced by name with `{ stepId }` params:
 * - `isAnswerValid` / `acceptsContinue` gate ANSWER / CONTINUE on the current step.
 * - `recordAnswer` keeps the answer in context; `persistAnswer` is a no-op here and is supplied by the
 *   app with `.provide()` (storage is I/O, the engine has none).
 * - GO_TO (from the route) enters the asked step when every step before it is answered
 *   (`canEnterStep`), otherwise the first unanswered step (`isFirstUnansweredStep`): the deep-link rule.
 */
export function createFunnelMachine(flow: CompiledFlow) {
  const steps = flow.steps;
  const first = steps[0];
  if (!first) throw new Error(`flow "${flow.id}" has no steps`);
  const stepById = new Map(steps.map((step) => [step.id, step]));
  const lookUp = (stepId: string): CompiledStep | undefined => stepById.get(stepId);

  const stepStates = Object.fromEntries(
    steps.map((step, index) => {
      const next = steps[index + 1]?.id ?? FUNNEL_EXITED;
      const previous = steps[index - 1]?.id;
      const advance = [
        { type: 'recordAnswer', params: { stepId: step.id } },
        { type: 'persistAnswer', params: { stepId: step.id } },
      ] as const;
      return [
        step.id,
        {
          on: {
            ANSWER: { guard: { type: 'isAnswerValid', params: { stepId: step.id } }, target: next, actions: advance },
            CONTINUE: { guard: { type: 'acceptsContinue', params: { stepId: step.id } }, target: next, actions: advance },
            ...(previous ? { BACK: { target: previous } } : {}),
          },
        },
      ];
    }),
  );
  const last = steps[steps.length - 1] ?? first;

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
        return event.type === 'ANSWER' && event.stepId === params.stepId && step !== undefined && isAnswerValidForStep(step, event.answer);
      },
      acceptsContinue: ({ event }, params: StepParams) => {
        const step = lookUp(params.stepId);
        return event.type === 'CONTINUE' && event.stepId === params.stepId && step !== undefined && isAnswerValidForStep(step, { kind: 'continue' });
      },
      canEnterStep: ({ context, event }, params: StepParams) =>
        event.type === 'GO_TO' && event.stepId === params.stepId && stepById.has(params.stepId) && firstUnanswered(steps, context.answers, params.stepId) === undefined,
      isFirstUnansweredStep: ({ context, event }, params: StepParams) =>
        event.type === 'GO_TO' && stepById.has(event.stepId) && firstUnanswered(steps, context.answers) === params.stepId,
    },
    actions: {
      recordAnswer: assign(({ context, event }, params: StepParams) => {
        const answer: FunnelAnswer | undefined =
          event.type === 'ANSWER' ? event.answer : event.type === 'CONTINUE' ? { kind: 'continue' } : undefined;
        return answer ? { answers: { ...context.answers, [params.stepId]: answer } } : {};
      }),
      persistAnswer: (_args, _params: StepParams) => {
        // Supplied by the app through .provide(); left empty so the engine stays free of I/O.
      },
    },
  }).createMachine({
    id: `funnel-${flow.id}`,
    context: ({ input }) => ({ answers: knownAnswers(steps, input.answers ?? {}) }),
    initial: first.id,
    on: { GO_TO: goTo },
    states: {
      ...stepStates,
      [FUNNEL_EXITED]: { on: { BACK: { target: last.id } } },
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
 * The id of the first step without an answer, looking only before `before` when given; undefined when
 * there is none.
 */
export function firstUnanswered(steps: readonly CompiledStep[], answers: FunnelAnswers, before?: string): string | undefined {
  for (const step of steps) {
    if (step.id === before) return undefined;
    if (!answers[step.id]) return step.id;
  }
  return undefined;
}

/** Drops restored answers for steps the flow does not have or that would not pass the guard today. */
function knownAnswers(steps: readonly CompiledStep[], answers: FunnelAnswers): FunnelAnswers {
  const kept: Record<string, FunnelAnswer> = {};
  for (const step of steps) {
    const answer = answers[step.id];
    if (answer && isAnswerValidForStep(step, answer)) kept[step.id] = answer;
  }
  return kept;
}
