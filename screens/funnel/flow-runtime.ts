import { createActor, type ActorRefFrom } from 'xstate';
import type { CompiledFlow, CompiledStep } from '../../engine/compiled-flow';
import { buildOnboardingEvent, type OnboardingEvent } from '../../engine/onboarding-event';
import { createFunnelMachine, type FunnelMachine } from '../../engine/funnel-machine';
import type { AnswerStore } from '../../services/funnel/funnel-storage';
import type { PathEnvironment } from '../../engine/funnel-path';

/** A loaded flow and the running funnel machine that interprets it (one per flow for the page's life). */
export interface FlowRuntime {
  readonly flow: CompiledFlow;
  readonly actor: ActorRefFrom<FunnelMachine>;
  /** The step with this id, or undefined. */
  readonly step: (stepId: string) => CompiledStep | undefined;
  /** The calculators and day the flow's conditions use (empty for a flow without computed values). */
  readonly env: PathEnvironment;
}

/**
 * Starts the funnel machine of a flow with the answers restored from storage, and wires `persistAnswer`
 * to the storage service and to analytics (one onboarding_event per accepted answer, built here in the
 * funnel's lazy chunk): the machine decides when an answer is accepted,
 * storage and analytics only record it.
 */
export function createFlowRuntime(
  flow: CompiledFlow,
  storage: AnswerStore,
  trackOnboardingEvent: (event: OnboardingEvent) => void = () => {},
  env: PathEnvironment = {},
): FlowRuntime {
  const byId = new Map(flow.steps.map((step) => [step.id, step]));
  const machine = createFunnelMachine(flow, env).provide({
    actions: {
      persistAnswer: ({ context }, params) => {
        const step = byId.get(params.stepId);
        if (!step) return;
        const cleared = context.cleared.flatMap((stepId) => byId.get(stepId) ?? []);
        storage.persist(flow, step, context.answers, cleared);
        const answer = context.answers[step.id];
        // The URL is still the answered step's: the route navigates after the machine moved.
        if (answer) trackOnboardingEvent(buildOnboardingEvent(flow, step, answer, window.location.href, context.answers, env));
      },
    },
  });
  const actor = createActor(machine, { input: { answers: storage.restore(flow) } });
  actor.start();
  return { flow, actor, step: (stepId) => byId.get(stepId), env };
}
