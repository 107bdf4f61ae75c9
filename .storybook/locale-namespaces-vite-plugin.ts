import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const moduleId = 'virtual:storybook-locale-namespaces';
const resolvedId = `\0${moduleId}`;

/**
 * `virtual:storybook-locale-namespaces`: the namespaces in public/locales/en, so the preview can load
 * every namespace before a story renders (no Suspense flash, a stable first render for the CI check),
 * including namespaces other areas add later, without a list to keep in sync.
 */
export function localeNamespacesVitePlugin(root: string): Plugin {
  const englishDir = join(root, 'public', 'locales', 'en');
  return {
    name: 'storybook-locale-namespaces',
    resolveId(id) {
      return id === moduleId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      const namespaces = readdirSync(englishDir)
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length))
        .sort();
      return `export default ${JSON.stringify(namespaces)};\n`;
    },
  };
}
