import { defineConfig } from 'vitest/config';
import { vitePluginStoreListings } from './engine/vite-plugin-store-listings.ts';

// One runner for unit, engine and server contract tests. Browser tests are Playwright (tests/e2e).
export default defineConfig({
  // Screens under test import the store ids the app build gets (virtual:store-listings).
  plugins: [vitePluginStoreListings()],
  test: {
    include: ['tests/**/*.test.ts', 'engine/**/*.test.ts', 'server/**/*.test.ts', 'supabase/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
