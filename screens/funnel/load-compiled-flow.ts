import type { CompiledFlow } from '../../engine/compiled-flow';

/**
 * The flows the app ships, each its own lazy chunk (compiled at build time by the flows Vite plugin).
 * Listed explicitly so the bundler can see every import; an unknown id is a routing bug.
 */
const flowModules: Readonly<Record<string, () => Promise<{ default: CompiledFlow }>>> = {
  default: () => import('virtual:flow/default'),
  v1: () => import('virtual:flow/v1'),
  v2: () => import('virtual:flow/v2'),
};

export async function loadCompiledFlow(flowId: string): Promise<CompiledFlow> {
  const load = flowModules[flowId];
  if (!load) throw new Error(`Unknown flow "${flowId}"`);
  return (await load()).default;
}
