import type { CompiledVariants } from '../../engine/compiled-flow';
import { compileFlowProject } from '../../engine/compile-flow-project';
import { flowsDirFromEnvironment, readFlowProject } from '../../engine/read-flow-project';

/** flows/variants.yaml as the build compiles it (same FLOWS_DIR), so the resolver serves the flows the app has. */
export function loadFlagVariants(root: string): CompiledVariants {
  const result = compileFlowProject(readFlowProject(root, flowsDirFromEnvironment(root)));
  if (result.diagnostics.length > 0 || !result.variants) throw new Error(`The flows do not compile (npm run flows -- check): ${result.diagnostics.length} problem(s)`);
  return result.variants;
}
