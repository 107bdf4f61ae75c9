import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';
// `.js` (resolving to the .ts files): Storybook's loader for this file warns about extensionless imports.
import { flowStoriesIndexer } from './flow-stories-indexer.js';
import { flowStoriesVitePlugin } from './flow-stories-vite-plugin.js';
import { localeNamespacesVitePlugin } from './locale-namespaces-vite-plugin.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Storybook for designers (docs/storybook.md). The builder merges the app's vite.config.ts, so the
 * React plugin and the flows plugin are the app's own (checked below); the flow YAML files are story files themselves
 * (indexed by `flowStoriesIndexer`, loaded as CSF by `flowStoriesVitePlugin`).
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.@(ts|tsx)', '../flows/*.yaml'],
  experimental_indexers: async (existing) => [flowStoriesIndexer(root), ...(existing ?? [])],
  // public/ as in the app: /locales/<lng>/<ns>.json for i18next, /images/... for the v2 backgrounds.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // The story frame has no icon of its own; without one the browser asks for /favicon.ico and logs a 404.
  previewHead: (head) => `${head}\n<link rel="icon" href="data:," />`,
  // No autodocs here; skipping docgen keeps the build quick on a shared 2-core machine.
  typescript: { reactDocgen: false },
  viteFinal: async (viteConfig) => {
    const plugins: PluginOption[] = [...(viteConfig.plugins ?? [])];
    // The stories must see the app's flows through the app's plugin, which vite.config.ts brings.
    if (!(await hasPlugin(plugins, 'vite-plugin-flows'))) {
      throw new Error('Storybook expects vite.config.ts to use vitePluginFlows() (engine/vite-plugin-flows.ts)');
    }
    plugins.push(flowStoriesVitePlugin(root), localeNamespacesVitePlugin(root));
    return { ...viteConfig, plugins };
  },
};

export default config;

async function hasPlugin(plugins: readonly PluginOption[], name: string): Promise<boolean> {
  for (const option of plugins) {
    const plugin = await option;
    if (Array.isArray(plugin)) {
      if (await hasPlugin(plugin, name)) return true;
    } else if (plugin && typeof plugin === 'object' && 'name' in plugin && plugin.name === name) {
      return true;
    }
  }
  return false;
}
