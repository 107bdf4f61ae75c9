import type { Plugin } from 'vite';
import { firstPaintDevices } from './first-paint-devices.ts';

/**
 * V8's explicit compile hint (Chrome 136+; other engines read a comment): every function of the file
 * is compiled while the file streams in, on a background thread, instead of on the main thread the
 * first time it runs (https://v8.dev/blog/explicit-compile-hints).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The code a funnel tap runs for the first time: React DOM's update and commit paths (hydration used
 * others), the router's navigation, the machine's transition, the step route and the screens. Without
 * the hint the first taps compiled it on the main thread, between the tap and the next question. The
 * entry is left out: it runs at start-up anyway.
 */
const TAP_PATH_MODULES = [
  /\/node_modules\/react-dom\//,
  /\/node_modules\/react-router\/dist\/production\/chunk-/,
  /\/node_modules\/xstate\/dist\//,
  /\/node_modules\/@xstate\/react\//,
  /\/screens\/funnel\//,
  /\/screens\/[\w-]+-screen\.tsx$/,
  /\/engine\/funnel-machine\.ts$/,
];

/**
 * Puts the compile hint on the first line of the client chunks that hold code of a funnel tap (not the
 * entry), after minification (which drops comments), so it is part of the chunk's hash and of its
 * compressed copies. V8 reads it only on the first line: a chunk with dynamic imports is left out,
 * because Vite puts its dependency map above the banner there. `enabled` false (the bench's side-by-side,
 * FIRST_PAINT_DEVICES=-compile-hints): no chunk gets the hint.
 */
export function vitePluginCompileHints(enabled: boolean = firstPaintDevices()['compile-hints']): Plugin {
  return {
    name: 'vite-plugin-compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    outputOptions: (options) => ({
      ...options,
      postBanner: (chunk) =>
        enabled && !chunk.isEntry && chunk.dynamicImports.length === 0 && chunk.moduleIds.some((id) => TAP_PATH_MODULES.some((pattern) => pattern.test(id))) ? COMPILE_HINT : '',
    }),
  };
}
