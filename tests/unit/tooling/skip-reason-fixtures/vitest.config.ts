import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The fixture suites of skip-reason-reporters.test.ts, run on their own with the project's reporter.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: [`${process.env.SKIP_FIXTURE ?? 'none'}.vitest-fixture.ts`],
    reporters: ['default', fileURLToPath(new URL('../../../support/skip-reason-vitest-reporter.ts', import.meta.url))],
  },
});
