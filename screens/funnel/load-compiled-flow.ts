import flowLoaders from 'virtual:flow-loaders';
import type { CompiledFlow } from '../../engine/compiled-flow';

/**
 * The compiled flow of `flowId`, each flow its own lazy chunk. The list of flows comes from the build
 * (engine/vite-plugin-flows.ts generates one `import()` per compiled flow), so a flow added under
 * flows/ is served without a code change; an unknown id is a routing bug.
 */
export async function loadCompiledFlow(flowId: string): Promise<CompiledFlow> {
  const load = Object.hasOwn(flowLoaders, flowId) ? flowLoaders[flowId] : undefined;
  if (!load) throw new Error(`Unknown flow "${flowId}"`);
  return (await load()).default;
}
