import type { ReportFlow } from '../../engine/funnel-report';
import { compileFlowProject } from '../../engine/compile-flow-project';
import { flowsDirFromEnvironment, readFlowProject } from '../../engine/read-flow-project';

/**
 * The flows the report splits by, compiled from flows/*.yaml as the build does (same FLOWS_DIR and
 * FLOW_ORDER), the flag's baseline first: a new variant shows up without code changes.
 */
export function reportFlows(root: string, env: NodeJS.ProcessEnv = process.env): ReportFlow[] {
  const order = env.FLOW_ORDER?.trim();
  const result = compileFlowProject(readFlowProject(root, flowsDirFromEnvironment(root)), order ? { order } : {});
  if (result.diagnostics.length > 0 || !result.variants) throw new Error(`The flows do not compile (npm run flows -- check): ${result.diagnostics.length} problem(s)`);
  const baseline = result.variants.variants[result.variants.defaultVariant];
  return [...result.flows.values()]
    .sort((a, b) => Number(b.id === baseline) - Number(a.id === baseline) || a.id.localeCompare(b.id))
    .map((flow) => ({ id: flow.id, steps: flow.steps.map((step) => ({ id: step.id, path: step.path })) }));
}
