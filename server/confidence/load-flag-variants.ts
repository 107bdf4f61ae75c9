import type { CompiledVariants } from '../../engine/compiled-flow';
import { compileFlowProject } from '../../engine/compile-flow-project';
import { flowsDirFromEnvironment, readFlowProject } from '../../engine/read-flow-project';

const compiled = new Map<string, CompiledVariants>();

/**
 * flows/variants.yaml as the build compiles it (same FLOWS_DIR), so the resolver serves the flows the
 * app has. Compiled once per process and flows folder: compiling the whole flow project takes most of
 * a second on a busy machine, which the browser's 1000 ms flag timeout cannot absorb, so the stack's
 * entry point (server/main.ts) compiles it before the first visitor arrives.
 */
export function loadFlagVariants(root: string): CompiledVariants {
  const flowsDir = flowsDirFromEnvironment(root);
  const key = flowsDir ?? root;
  const cached = compiled.get(key);
  if (cached) return cached;
  const result = compileFlowProject(readFlowProject(root, flowsDir));
  if (result.diagnostics.length > 0 || !result.variants) throw new Error(`The flows do not compile (npm run flows -- check): ${result.diagnostics.length} problem(s)`);
  compiled.set(key, result.variants);
  return result.variants;
}
