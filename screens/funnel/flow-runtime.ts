import { createActor, type ActorRefFrom } from 'xstate';
import type { CompiledFlow, CompiledStep } from '../../engine/compiled-flow';
import { createFunnelMachine, type FunnelMachine } from '../../engine/funnel-machine';
import type { FunnelStorage } from '../../services/funnel/funnel-storage';

/** A loaded flow and the running funnel machine that interprets it (one per flow for the page's life). */
export interface FlowRuntime {
  readonly flow: CompiledFlow;
  readonly actor: ActorRefFrom<FunnelMachine>;
  /** The step with this id, or undefined. */
  readonly step: (stepId: string) => CompiledStep | undefined;
}

/**
 * Starts the funnel machine of a flow with the answers restored from storage, and wires `persistAnswer`
 * to the storage service: the machine decides when an answer is accepted, storage only records it.
 */
export function createFlowRuntime(flow: CompiledFlow, storage: FunnelStorage): FlowRuntime {
  const byId = new Map(flow.steps.map((step) => [step.id, step]));
  const machine = createFunnelMachine(flow).provide({
    actions: {
      persistAnswer: ({ context }, params) => {
        const step = byId.get(params.stepId);
        if (step) storage.persist(flow, step, context.answers);
      },
    },
  });
  const actor = createActor(machine, { input: { answers: storage.restore(flow) } });
  actor.start();
  return { flow, actor, step: (stepId) => byId.get(stepId) };
}
