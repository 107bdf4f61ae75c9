import { defineConfig } from 'vitest/config';

// One runner for unit, engine and server contract tests. Browser tests are Playwright (tests/e2e).
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'engine/**/*.test.ts', 'server/**/*.test.ts', 'supabase/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
