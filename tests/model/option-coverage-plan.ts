import type { CompiledFlow, CompiledStep } from '../../engine/compiled-flow';

/** A flow compiled with one step order. */
export interface FlowInOrder {
  readonly flow: CompiledFlow;
  readonly order: string;
}

/**
 * Which single-choice steps answer every option, per flow and order (key `flowId/order`).
 *
 * An option's behaviour is what the step does with it: the screen, the option list and the storage
 * rule (answer-storage.ts). Steps with the same definition behave the same in every flow and order, so
 * each distinct definition answers all its options once, in the first flow/order that has it (the
 * order of `flows`); everywhere else one representative option is enough. A step a flow redefines
 * (v2's goal question stores under another heading) is a new definition and gets all its options again.
 * The plan depends only on the flows, never on which of them a run selects.
 */
export function optionCoveragePlan(flows: readonly FlowInOrder[]): ReadonlyMap<string, ReadonlySet<string>> {
  const owners = new Map<string, string>();
  const plan = new Map<string, Set<string>>();
  for (const { flow, order } of flows) {
    const key = flowOrderKey(flow.id, order);
    const owned = new Set<string>();
    for (const step of flow.steps) {
      if (step.screen !== 'singleChoice') continue;
      const definition = optionDefinition(step);
      const owner = owners.get(definition) ?? key;
      owners.set(definition, owner);
      if (owner === key) owned.add(step.id);
    }
    plan.set(key, owned);
  }
  return plan;
}

export function flowOrderKey(flowId: string, order: string): string {
  return `${flowId}/${order}`;
}

function optionDefinition(step: CompiledStep): string {
  return JSON.stringify({ id: step.id, screen: step.screen, options: step.options ?? [], storage: step.storage });
}
