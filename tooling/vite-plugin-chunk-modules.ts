import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** Where the map is written inside the build output, beside Vite's own manifest. */
export const chunkModulesFile = '.vite/chunk-modules.json';

/**
 * Writes which source modules each JavaScript chunk of the client build carries, with the bytes each
 * contributes after tree-shaking (`dist/.vite/chunk-modules.json`: `{ [chunk file]: { [module]: bytes } }`).
 * Vite's manifest names chunks, not their content, so without this the bench could only say how big
 * the first step is, not whose code is in it: with it, it proves that a feature's sources (checkout,
 * payments, tracking) add nothing to the first step. Modules outside the project keep their
 * node_modules path; virtual modules keep their id.
 */
export function vitePluginChunkModules(root: string): Plugin {
  return {
    name: 'vite-plugin-chunk-modules',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const map: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, module] of Object.entries(output.modules)) {
          if (module.renderedLength > 0) modules[id.startsWith(root) ? relative(root, id) : id] = module.renderedLength;
        }
        map[output.fileName] = modules;
      }
      this.emitFile({ type: 'asset', fileName: chunkModulesFile, source: JSON.stringify(map) });
    },
  };
}
