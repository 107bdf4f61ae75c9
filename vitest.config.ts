import { defineConfig } from 'vitest/config';
import { vitePluginSocialProof } from './engine/vite-plugin-social-proof.ts';
import { vitePluginStoreListings } from './engine/vite-plugin-store-listings.ts';

// One runner for unit, engine and server contract tests. Browser tests are Playwright (tests/e2e).
export default defineConfig({
  // Screens under test import the reviewed configuration the app build gets (virtual:store-listings, virtual:social-proof).
  plugins: [vitePluginStoreListings(), vitePluginSocialProof()],
  test: {
    include: ['tests/**/*.test.ts', 'engine/**/*.test.ts', 'server/**/*.test.ts', 'supabase/**/*.test.ts'],
    // tests/deno needs the functions under Deno (FUNCTIONS_RUNTIME=deno): the `deno` stage, scripts/test-deno-functions.sh.
    exclude: ['tests/e2e/**', 'node_modules/**', ...(process.env.FUNCTIONS_RUNTIME === 'deno' ? [] : ['tests/deno/**'])],
    // Every skipped test says why, or the run fails (tests/support/skip-reason.ts).
    reporters: ['default', './tests/support/skip-reason-vitest-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
