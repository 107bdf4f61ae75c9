import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router 7's package exports name only its development build (remix-run/react-router#12532,
 * #14102): a production bundle got the development code, bigger and with its dev-only warnings and
 * checks running on every navigation. The package ships its production build beside it
 * (`dist/production`, same modules); a production build of the app takes that one. The dev server and
 * the tests keep the development build and its warnings.
 */
export function vitePluginReactRouterProduction(): Plugin {
  const production = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
  const entries: Readonly<Record<string, string>> = {
    'react-router': join(production, 'index.mjs'),
    'react-router/dom': join(production, 'dom-export.mjs'),
  };
  return {
    name: 'vite-plugin-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => entries[source] ?? null,
  };
}
