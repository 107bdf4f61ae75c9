import { fileURLToPath } from 'node:url';
import type { CompiledFlow } from '../../engine/compiled-flow';
import { compileFlowProject } from '../../engine/compile-flow-project';
import { flowsDirFromEnvironment, readFlowProject } from '../../engine/read-flow-project';
import { generateCoveringPaths, type CoveringPathSet } from './covering-paths';
import { createFunnelTestModel, type FunnelTestModel } from './funnel-test-model';
import { flowOrderKey, optionCoveragePlan, type FlowInOrder } from './option-coverage-plan';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The browser language the paths run with (playwright.config.ts `locale`); it decides the first unit. */
export const pathTestLocale = 'en-US';

/** Moves per generated path: about a minute of browser time each, so one failure does not hide the rest. */
export const maxStepsPerPath = 60;

/**
 * The two builds the browser tests run against (playwright.config.ts): each flow's own `order` line,
 * and the spec's other order (FLOW_ORDER=listing).
 */
export const serverOrders = ['configured', 'listing'] as const;
export type ServerOrder = (typeof serverOrders)[number];

export interface PathSuite {
  readonly flowId: string;
  /** The step order the flow is compiled with (`routes` or `listing`). */
  readonly order: string;
  readonly server: ServerOrder;
  readonly model: FunnelTestModel;
  /** The covering paths (generated on first call, then kept). */
  readonly generate: () => CoveringPathSet;
}

/**
 * Every flow in both builds' step orders, compiled by the same compiler as the Vite plugin, each with
 * its test model. Flows in id order, the configured order first: that order also decides where each
 * option set is answered in full (option-coverage-plan.ts).
 */
export function loadPathSuites(): PathSuite[] {
  const compiled: { flow: CompiledFlow; server: ServerOrder }[] = [];
  for (const server of serverOrders) {
    const result = compileFlowProject(readFlowProject(root, flowsDirFromEnvironment(root)), server === 'listing' ? { order: 'listing' } : {});
    if (result.diagnostics.length > 0) throw new Error(`flows do not compile: ${JSON.stringify(result.diagnostics)}`);
    for (const flow of [...result.flows.values()].sort((a, b) => a.id.localeCompare(b.id))) {
      // A flow with no order of the listing build's name (an example funnel) is compiled alike in both
      // builds: its paths are generated and walked once, on the configured build.
      if (server === 'listing' && flow.order !== 'listing') continue;
      compiled.push({ flow, server });
    }
  }
  const inPlanOrder: FlowInOrder[] = compiled.map(({ flow }) => ({ flow, order: flow.order }));
  const plan = optionCoveragePlan(inPlanOrder);
  return compiled.map(({ flow, server }) => {
    const model = createFunnelTestModel(flow, { browserLanguage: pathTestLocale, allOptionsOn: plan.get(flowOrderKey(flow.id, flow.order)) ?? new Set() });
    // Generated once per suite: deterministic, and needed by several tests of a run.
    let generated: CoveringPathSet | undefined;
    const generate = (): CoveringPathSet => (generated ??= generateCoveringPaths(model, { maxStepsPerPath }));
    return { flowId: flow.id, order: flow.order, server, model, generate };
  });
}
