import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { debianChromium } from '../support/debian-chromium';

/**
 * `npm run screenshots`: builds the app, starts the local stack and photographs every step of a flow
 * on a phone and on a desktop into docs/screens/ (take-screenshots.spec.ts). Not part of `npm test`:
 * it writes files for reviewers. Port: E2E_PORT + 60 (SCREENSHOTS_PORT to override).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.SCREENSHOTS_PORT ?? Number(process.env.E2E_PORT ?? 47311) + 60);
const work = join(tmpdir(), `funnel-screenshots-${port}`);
const dist = process.env.E2E_DIST_DIR ? resolve(process.env.E2E_DIST_DIR) : join(work, 'dist');
const build = process.env.E2E_DIST_DIR ? '' : `node_modules/.bin/vite build --outDir ${dist} --emptyOutDir --logLevel warn && `;

export default defineConfig({
  testDir: '.',
  testMatch: /\.spec\.ts$/,
  workers: 1,
  timeout: 10 * 60_000,
  retries:0, // never retry: a flaky test is a defect to fix (issue 8 point 15)
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-GB',
    // Still pictures: no half-finished transitions, no confetti.
    reducedMotion: 'reduce',
    launchOptions: debianChromium,
  },
  webServer: {
    command: `${build}rm -rf ${join(work, 'data')} && node_modules/.bin/tsx server/main.ts`,
    cwd: root,
    env: { PORT: String(port), DATA_DIR: join(work, 'data'), DIST_DIR: dist },
    url: `http://localhost:${port}/onboarding`,
    reuseExistingServer: false,
    timeout: 240_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
