import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { debianHeadlessChromium } from '../support/debian-chromium';

/**
 * The Storybook check (npm run test:storybook): build Storybook statically, serve the build, and render
 * every story once in Debian's chromium (never `playwright install`). See render-every-story.spec.ts.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
// Follows E2E_PORT (its base + 50) so two checkouts' runs on one machine do not collide.
const port = Number(process.env.STORYBOOK_TEST_PORT ?? Number(process.env.E2E_PORT ?? 47311) + 50);

export default defineConfig({
  testDir: '.',
  testMatch: /\.spec\.ts$/,
  workers: 1,
  // One test walks every story: it gets the time of the whole walk.
  timeout: 15 * 60_000,
  retries:0, // never retry: a flaky test is a defect to fix (issue 8 point 15)
  // Any skipped test fails the run (tests/support/skip-reason-*-reporter.ts): a skip would hide a failure.
  reporter: [[process.env.CI ? 'line' : 'list'], ['../support/skip-reason-playwright-reporter.ts']],
  use: {
    baseURL: `http://localhost:${port}`,
    // The default viewport of the stories (phone first).
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    launchOptions: debianHeadlessChromium,
  },
  webServer: {
    // Build from scratch every run: the check is about the Storybook this commit produces.
    command: `npm run --silent build-storybook && node_modules/.bin/vite preview --outDir storybook-static --port ${port} --strictPort`,
    cwd: root,
    url: `http://localhost:${port}/index.json`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
