// Lint for the whole repository: typescript-eslint's strict type-aware rules on every TypeScript file the
// tsconfig covers, and React's hook rules (including the React Compiler's checks) on the screens.
// `npm run lint`; scripts/test-all.sh runs it as the `lint` stage.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      // Deno entries (Deno.serve): outside the Node tsconfig, type-checked by `deno check` instead.
      'supabase/functions/*/index.ts',
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
