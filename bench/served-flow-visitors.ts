import { assignVariant } from '../engine/assign-variant';
import { compileFlowProject } from '../engine/compile-flow-project';
import { flowsDirFromEnvironment, readFlowProject } from '../engine/read-flow-project';

/**
 * Every flow the flag can send a visitor to (from the compiled variants, the same FLOWS_DIR as the
 * build), the baseline first, each with a visitor id the flag resolver (engine/assign-variant.ts) assigns to it.
 */
export function servedFlowVisitors(root: string): { flowId: string; visitorId: string | undefined; firstStepPath: string | undefined }[] {
  const { variants, flows } = compileFlowProject(readFlowProject(root, flowsDirFromEnvironment(root)));
  if (!variants) throw new Error('flows/variants.yaml does not compile');
  const baseline = variants.variants[variants.defaultVariant];
  const flowIds = [...new Set(Object.values(variants.variants))].sort((a, b) => Number(b === baseline) - Number(a === baseline) || a.localeCompare(b));
  return flowIds.map((flowId) => {
    const firstStepPath = flows.get(flowId)?.steps[0]?.path;
    for (let i = 0; i < 10_000; i++) {
      const visitorId = `bench-visitor-${i}`;
      const variant = assignVariant(`${variants.flag}:${visitorId}`, variants.allocation) ?? variants.defaultVariant;
      if (variants.variants[variant] === flowId) return { flowId, visitorId, firstStepPath };
    }
    return { flowId, visitorId: undefined, firstStepPath };
  });
}
