import { compileFlowProject } from '../../engine/compile-flow-project';
import type { CompiledExperiment } from '../../engine/experiments/compile-experiment';
import { flowsDirFromEnvironment, readFlowProject } from '../../engine/read-flow-project';

/** experiments/*.yaml as `npm run flows -- check` compiles them (same FLOWS_DIR), read on each request like the funnel report's flows. */
export function reportExperiments(root: string): readonly CompiledExperiment[] {
  const result = compileFlowProject(readFlowProject(root, flowsDirFromEnvironment(root)));
  if (result.diagnostics.length > 0) throw new Error(`The flows or experiments do not compile (npm run flows -- check): ${result.diagnostics.length} problem(s)`);
  return result.experiments;
}
