import { defineConfig } from 'vitest/config';
import { vitePluginPaywalls } from './engine/vite-plugin-paywalls.ts';
import { vitePluginSocialProof } from './engine/vite-plugin-social-proof.ts';
import { vitePluginConsumerRules } from './engine/vite-plugin-consumer-rules.ts';
import { vitePluginStoreListings } from './engine/vite-plugin-store-listings.ts';

// tests/deno needs the functions under Deno (FUNCTIONS_RUNTIME=deno): the `deno` stage, scripts/test-deno-functions.sh.
const excluded = ['tests/e2e/**', 'node_modules/**', ...(process.env.FUNCTIONS_RUNTIME === 'deno' ? [] : ['tests/deno/**'])];
/** Files whose modules keep state that another file's stack changes: each runs in its own module graph. */
const isolatedFiles = ['tests/unit/services/resolve-funnel-flow.test.ts'];
// Screens under test import the reviewed configuration the app build gets (virtual:store-listings, virtual:social-proof, virtual:paywalls).
const plugins = [vitePluginStoreListings(), vitePluginConsumerRules(), vitePluginSocialProof(), vitePluginPaywalls()];
const timeouts = { testTimeout: 30_000, hookTimeout: 120_000 };

// One runner for unit, engine and server contract tests. Browser tests are Playwright (tests/e2e).
export default defineConfig({
  test: {
    // Any skipped test fails the run (tests/support/skip-reason-*-reporter.ts): a skip would hide a failure.
    reporters: ['default', './tests/support/skip-reason-vitest-reporter.ts'],
    // One module graph per worker instead of one per file (`shared`): the SDKs, PGlite and the stack are
    // imported once, not 117 times (the unit stage's import time fell from 134 s to 17 s, docs/testing.md).
    // The flag lookup's tests fail after tests/server/serving.test.ts in one graph (found 27 Nov, cause
    // not yet traced): they run `isolated`.
    projects: [
      {
        plugins,
        test: {
          name: 'shared',
          isolate: false,
          include: ['tests/**/*.test.ts', 'engine/**/*.test.ts', 'server/**/*.test.ts', 'supabase/**/*.test.ts'],
          exclude: [...excluded, ...isolatedFiles],
          ...timeouts,
        },
      },
      { plugins, test: { name: 'isolated', include: isolatedFiles, ...timeouts } },
    ],
  },
});
