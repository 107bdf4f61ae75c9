import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { configPluginError } from './config-plugin-error.ts';
import type { FlowDiagnostic } from './flow-error.ts';
import { loadStoreListings, storeListingsFile } from './store-listings.ts';

export interface VitePluginStoreListingsOptions {
  /** Project root holding config/; defaults to Vite's root. */
  readonly root?: string;
  /**
   * A production deployment build: placeholder ids fail it. Defaults to `DEPLOY_ENV=production`
   * (not Vite's mode: `npm start` and the tests build in production mode on a developer's machine).
   */
  readonly production?: boolean;
}

const moduleId = 'virtual:store-listings';
const resolvedId = `\0${moduleId}`;

/**
 * Serves `virtual:store-listings` (default export: the `StoreListingIds` of config/store-listings.yaml),
 * checked at build time. A malformed file fails every build with located messages; ids still `null`
 * fail a production deployment build and only warn otherwise.
 */
export function vitePluginStoreListings(options: VitePluginStoreListingsOptions = {}): Plugin {
  let root = options.root === undefined ? process.cwd() : resolve(options.root);
  const production = options.production ?? process.env.DEPLOY_ENV === 'production';

  const toError = (diagnostics: readonly FlowDiagnostic[]) => configPluginError('vite-plugin-store-listings', 'store listings', root, diagnostics);

  return {
    name: 'vite-plugin-store-listings',

    configResolved(config) {
      if (options.root === undefined) root = config.root;
    },

    buildStart() {
      // Checked up front, so a production build fails even before any module imports the ids.
      const checked = loadStoreListings(root, { production });
      this.addWatchFile(join(root, storeListingsFile));
      if (!checked.ok) throw toError(checked.diagnostics);
      if (checked.value.placeholders.length > 0) {
        this.warn(`${storeListingsFile}: ${checked.value.placeholders.join(', ')} not set yet; the store badges link to placeholder ids (a DEPLOY_ENV=production build fails)`);
      }
    },

    resolveId(id) {
      return id === moduleId ? resolvedId : undefined;
    },

    load(id) {
      if (id !== resolvedId) return undefined;
      this.addWatchFile(join(root, storeListingsFile));
      const checked = loadStoreListings(root, { production });
      if (!checked.ok) throw toError(checked.diagnostics);
      return `export default ${JSON.stringify(checked.value.ids)};\n`;
    },
  };
}
