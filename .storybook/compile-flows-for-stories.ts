import { compileFlowProject } from '../engine/compile-flow-project';
import type { CompiledFlow } from '../engine/compiled-flow';
import { formatFlowDiagnostic } from '../engine/flow-error';
import { readFlowProject } from '../engine/read-flow-project';

export interface FlowsForStories {
  /** Flow id by flow file, relative to the root with forward slashes (`flows/v2.yaml`). */
  readonly flowIdByFile: ReadonlyMap<string, string>;
  readonly flows: ReadonlyMap<string, CompiledFlow>;
}

/**
 * Compiles the flows exactly as engine/vite-plugin-flows.ts does for the app (same reader, same
 * compiler, the same `FLOW_ORDER` override), and fails with the located `flows check` messages.
 * Loaded through Vite's module runner (see flow-story-entries.ts), not imported by main.ts.
 */
export function compileFlowsForStories(root: string): FlowsForStories {
  const order = process.env.FLOW_ORDER?.trim() || undefined;
  const result = compileFlowProject(readFlowProject(root), order === undefined ? {} : { order, orderSource: 'FLOW_ORDER' });
  if (result.diagnostics.length > 0) {
    throw new Error(`flow check failed:\n${result.diagnostics.map(formatFlowDiagnostic).join('\n')}\n(run "npm run flows -- check" for the same report)`);
  }
  return {
    flowIdByFile: new Map(result.checks.filter((check) => check.compiled).map((check) => [check.file, check.flowId])),
    flows: result.flows,
  };
}
