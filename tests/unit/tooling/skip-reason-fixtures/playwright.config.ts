import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// The fixture tests of skip-reason-reporters.test.ts (no browser: they use no page).
export default defineConfig({
  testDir: fileURLToPath(new URL('.', import.meta.url)),
  testMatch: `${process.env.SKIP_FIXTURE ?? 'none'}.playwright-fixture.ts`,
  reporter: [['line'], [fileURLToPath(new URL('../../../support/skip-reason-playwright-reporter.ts', import.meta.url))]],
});
