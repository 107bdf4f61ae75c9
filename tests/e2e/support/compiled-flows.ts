import { fileURLToPath } from 'node:url';
import type { CompiledFlow, CompiledStep, CompiledVariants } from '../../../engine/compiled-flow';
import { compileFlowProject } from '../../../engine/compile-flow-project';
import { flowsDirFromEnvironment, readFlowProject } from '../../../engine/read-flow-project';
import { assignVariant } from '../../../engine/assign-variant';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The flows exactly as the build compiles them (same compiler as the Vite plugin, same FLOWS_DIR), so a
 * walk checks the app against the YAML instead of a copy of the step list.
 *
 * @param flowsDir another flows directory than the build's (a test's own flow set)
 */
export function compiledFlows(order?: string, flowsDir = flowsDirFromEnvironment(root)): { flows: ReadonlyMap<string, CompiledFlow>; variants: CompiledVariants } {
  const result = compileFlowProject(readFlowProject(root, flowsDir), order ? { order } : {});
  if (result.diagnostics.length > 0 || !result.variants) throw new Error(`flows do not compile: ${JSON.stringify(result.diagnostics)}`);
  return { flows: result.flows, variants: result.variants };
}

export function flowById(id: string, order?: string): CompiledFlow {
  const flow = compiledFlows(order).flows.get(id);
  if (!flow) throw new Error(`no flow ${id}`);
  return flow;
}

export function stepOf(flow: CompiledFlow, id: string): CompiledStep {
  const step = flow.steps.find((candidate) => candidate.id === id);
  if (!step) throw new Error(`flow ${flow.id} has no step ${id}`);
  return step;
}

/** The flows a visitor can be sent to: every flow a variant of the flag maps to, in id order. */
export function servedFlowIds(variants: CompiledVariants = compiledFlows().variants): string[] {
  return [...new Set(Object.values(variants.variants))].sort();
}

/**
 * A visitor id that the stack's flag resolver (server/confidence, engine/assign-variant.ts) assigns to
 * the given flow (assignment is a pure function of the id), so a test decides which variant its visitor
 * sees. `prefix` gives a test an id no other test uses (its exposures are its own).
 */
export function visitorIdFor(flowId: string, variants: CompiledVariants = compiledFlows().variants, prefix = 'e2e-visitor'): string {
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const id = `${prefix}-${attempt}`;
    const variant = assignVariant(`${variants.flag}:${id}`, variants.allocation) ?? variants.defaultVariant;
    if (variants.variants[variant] === flowId) return id;
  }
  throw new Error(`no visitor id maps to flow ${flowId}`);
}
