// Lint for the whole repository: typescript-eslint's strict type-aware rules on every TypeScript file the
// tsconfig covers, React's hook rules (including the React Compiler's checks) on the screens, and the
// layer rules of docs/architecture.md (tooling/layer-rules.mjs) with no import cycles.
// `npm run lint`; scripts/test-all.sh runs it as the `lint` stage.
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layerLintConfig } from './tooling/layer-lint-config.mjs';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-*/',
      'dist-server/',
      'storybook-static/',
      'test-results/',
      'playwright-report/',
      'coverage/',
      'flow-graphs/',
      '.data/',
      '.data-*/',
      // A Deno script (Deno.serve): outside the Node tsconfig, type-checked by `deno check` instead.
      'scripts/serve-edge-functions.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Template literals with numbers are how this codebase builds URLs, ports and messages; strict's
      // default would force String(n) everywhere for no safety gain. Objects and unions stay forbidden.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Matches tsconfig's verbatimModuleSyntax and DESIGN.md: types are imported with `import type`.
      // `import()` types stay allowed: ambient module declarations and lazily loaded modules need them.
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      // `onClick={() => setOpen(true)}` and `() => clearTimeout(timer)` are idiomatic React; the rule
      // still catches a void value used in any other expression.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // A leading underscore marks a parameter a signature requires but the body does not use, and a rest
      // sibling is how an object is copied without one key.
      // A closure created before the assignment (late-bound wiring, e.g. a callback into a dispatcher made
      // afterwards) needs `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // react-router's loaders and actions throw `redirect()` (a Response) and `data()` by design.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
      // `async () => value` is how this code (interface implementations, fakes) returns a promise from a
      // body that needs no await; floating and misused promises stay errors.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // The Edge Functions' Deno entries (Deno.serve): outside the Node tsconfig and type-checked by
    // `deno check` instead, so linted without type information; the layer rules reach them this way.
    files: ['supabase/functions/*/index.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Relative imports with and without `.ts` (allowImportingTsExtensions); no path aliases to map.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] })],
      // The files import-x reads to follow imports (no-cycle); packages are not followed (ignoreExternal).
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
    },
    rules: {
      // Modules that need each other are one module split in two, and evaluation order decides which sees
      // the other half-initialised. Type-only imports are erased and do not count; packages are not followed.
      // Between the inner layers the zones below already forbid every backward edge.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  ...layerLintConfig(import.meta.dirname),
  {
    // Tests annotate the JSON they read from the stack (a wrong shape fails the test's own assertions),
    // and vitest's asymmetric matchers (`expect.any(String)`) are typed `any`.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // The plain-JS build and start scripts are outside the tsconfig: no type information for them.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
