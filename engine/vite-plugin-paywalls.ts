import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { configPluginError } from './config-plugin-error.ts';
import type { FlowDiagnostic } from './flow-error.ts';
import { loadVariantsFile } from './load-variants-file.ts';
import { catalogueFile, loadPaywalls, paywallsFile } from './paywalls.ts';
import { flowProjectLayout, flowsDirFromEnvironment } from './read-flow-project.ts';

const moduleId = 'virtual:paywalls';
const resolvedId = `\0${moduleId}`;

/**
 * Serves `virtual:paywalls` (default export: the `CompiledPaywalls` of config/paywalls.yaml), checked
 * at build time against config/stripe-catalogue.yaml and the flag's variants (flows/variants.yaml): a
 * wrong file fails the build with located messages. The browser gets the compiled paywalls only, not
 * the schema. `PAYWALLS_FILE` (relative to the root) builds from another file, as `FLOWS_DIR` does for
 * flows: a test builds a paywall assignment that is not checked in.
 */
export function vitePluginPaywalls(options: { readonly root?: string } = {}): Plugin {
  let root = options.root === undefined ? process.cwd() : resolve(options.root);
  const file = () => {
    const override = process.env.PAYWALLS_FILE?.trim();
    return override === undefined || override === '' ? paywallsFile : relative(root, resolve(root, override));
  };
  const flowsDir = () => flowsDirFromEnvironment(root) ?? join(root, flowProjectLayout.flowsDir);

  const toError = (diagnostics: readonly FlowDiagnostic[]) => configPluginError('vite-plugin-paywalls', 'paywalls', root, diagnostics);

  const check = (watch: (path: string) => void) => {
    const variantsPath = join(flowsDir(), 'variants.yaml');
    for (const path of [resolve(root, file()), join(root, catalogueFile), variantsPath]) watch(path);
    // A missing or broken variants file is vite-plugin-flows' to report; the assignments wait for it.
    const variants = existsSync(variantsPath) ? loadVariantsFile(relative(root, variantsPath), readFileSync(variantsPath, 'utf8')) : undefined;
    const variantNames = variants?.ok === true ? Object.keys(variants.value.data.variants) : undefined;
    const checked = loadPaywalls(root, { file: file(), variantNames });
    if (!checked.ok) throw toError(checked.diagnostics);
    return checked.value;
  };

  return {
    name: 'vite-plugin-paywalls',

    configResolved(config) {
      if (options.root === undefined) root = config.root;
    },

    buildStart() {
      // Checked up front, so a broken file fails the build even before the plans page imports it.
      check((path) => this.addWatchFile(path));
    },

    resolveId(id) {
      return id === moduleId ? resolvedId : undefined;
    },

    load(id) {
      if (id !== resolvedId) return undefined;
      return `export default ${JSON.stringify(check((path) => this.addWatchFile(path)))};\n`;
    },
  };
}
