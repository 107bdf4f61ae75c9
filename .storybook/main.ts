import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import type { Plugin, PluginOption } from 'vite';
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
  stories: ['../stories/**/*.stories.@(ts|tsx)', '../flows/*.yaml', '../flows/examples/*.yaml'],
  experimental_indexers: async (existing) => [flowStoriesIndexer(root), ...(existing ?? [])],
  // public/ as in the app: /locales/<lng>/<ns>.json for i18next, /images/... for the v2 backgrounds.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // The story frame has no icon of its own; without one the browser asks for /favicon.ico and logs a 404.
  previewHead: (head) => `${head}\n<link rel="icon" href="data:," />`,
  // No autodocs here; skipping docgen keeps the build quick on a shared 2-core machine.
  typescript: { reactDocgen: false },
  viteFinal: async (viteConfig) => {
    // The first step's prerender and boot script (tooling/vite-plugin-first-paint.ts) belong to the
    // app's own index.html; Storybook's preview page is another page, which has neither.
    const plugins = (await flatPlugins(viteConfig.plugins ?? [])).filter((plugin) => plugin.name !== 'first-paint');
    // The stories must see the app's flows through the app's plugin, which vite.config.ts brings.
    if (!plugins.some((plugin) => plugin.name === 'vite-plugin-flows')) {
      throw new Error('Storybook expects vite.config.ts to use vitePluginFlows() (engine/vite-plugin-flows.ts)');
    }
    plugins.push(flowStoriesVitePlugin(root), localeNamespacesVitePlugin(root));
    return { ...viteConfig, plugins };
  },
};

export default config;

/** Vite's plugin option tree (arrays, promises, false) as the list of plugins it holds. */
async function flatPlugins(options: readonly PluginOption[]): Promise<Plugin[]> {
  const plugins: Plugin[] = [];
  for (const option of options) {
    const plugin = await option;
    if (Array.isArray(plugin)) plugins.push(...(await flatPlugins(plugin)));
    else if (plugin) plugins.push(plugin);
  }
  return plugins;
}
