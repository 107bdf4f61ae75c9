import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { debianHeadlessChromium } from './tests/support/debian-chromium';

/**
 * Browser tests against the production build served by the local stack (server/main.ts), in Debian's
 * chromium (never `playwright install`: no downloads here). Two servers: the flows as configured, and a
 * build with the spec's other step order (FLOW_ORDER=listing) for the alternate-order walk.
 */
const basePort = Number(process.env.E2E_PORT ?? 47311);
const listingPort = basePort + 1;
/**
 * A production build of the configured order made before the run (`npm test` passes the build stage's
 * dist/), served as is instead of building it again. The listing order always needs its own build.
 */
const prebuiltDist = process.env.E2E_DIST_DIR ? resolve(process.env.E2E_DIST_DIR) : undefined;

function appServer(port: number, order: string | undefined) {
  const dir = join(tmpdir(), `funnel-e2e-${port}`);
  const reuse = order === undefined ? prebuiltDist : undefined;
  const dist = reuse ?? join(dir, 'dist');
  // Each order builds its own dist so the two never overwrite each other.
  const build = reuse ? '' : `node_modules/.bin/vite build --outDir ${dist} --emptyOutDir --logLevel warn && `;
  return {
    command: `${build}rm -rf ${join(dir, 'data')} && node_modules/.bin/tsx server/main.ts`,
    env: {
      PORT: String(port),
      DATA_DIR: join(dir, 'data'),
      DIST_DIR: dist,
      // A euro country where the consent notice does not show (services/consent/consent-countries.ts):
      // tests walk the pages without it; the consent tests ask for a country with it (CDN header).
      GEO_DEFAULT_COUNTRY: 'MC',
      // Accounts the tests set up through the API name themselves in this header, each its own client
      // for the auth rate limits (tests/e2e/support/account-stack.ts); the browsers have none and share
      // their socket address's allowance.
      AUTH_RATE_LIMIT_HEADER: 'x-e2e-client',
      ...(order ? { FLOW_ORDER: order } : {}),
    },
    url: `http://localhost:${port}/onboarding`,
    reuseExistingServer: false,
    timeout: 240_000,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Two browsers at a time on the 2 cores CI has: the tests measure no time (benchmarks do), and each one
  // is its own visitor (cookie, answers, account, marks in what it reads back), so they do not see each
  // other. A file's tests run in order in one worker; the path and a11y projects spread test by test.
  workers: 2,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Never retried: a flaky test is a failing test (issue 8, point 15).
  retries:0, // never retry: a flaky test is a defect to fix (issue 8 point 15)
  // list: every test's time is in the log (npm test's e2e stage), so slow tests are visible.
  // Any skipped test fails the run (tests/support/skip-reason-*-reporter.ts): a skip would hide a failure.
  reporter: [['list'], ['./tests/support/skip-reason-playwright-reporter.ts']],
  use: {
    locale: 'en-US',
    // Visitors who ask for reduced motion get the same funnel without the step transitions (app.css): the
    // walks run that way, so no click waits for a slide-in to settle, hundreds of times per run. The
    // motion itself is checked where it is the subject (funnel-navigation.spec.ts, the confetti test)
    // and the a11y project checks every step as it looks with motion allowed.
    reducedMotion: 'reduce',
    // No trace: CI keeps nothing of a run but its log, and recording a trace of every test (kept on
    // failure) takes a screenshot and a DOM snapshot around every action. To see a failure step by
    // step, run the test again with `--trace on`.
    trace: 'off',
    launchOptions: debianHeadlessChromium,
  },
  projects: [
    // axe and keyboard checks of every funnel step (tests/a11y). First: its tests are the longest (a
    // minute or two each), so the short ones fill the end of the run instead of leaving one worker idle.
    {
      name: 'a11y',
      testDir: 'tests/a11y',
      testMatch: /\.spec\.ts$/,
      fullyParallel: true,
      use: { baseURL: `http://localhost:${basePort}`, reducedMotion: 'no-preference' },
    },
    {
      name: 'routes-order',
      testIgnore: [/listing-order\.spec\.ts/, /experiment-report\.spec\.ts/],
      use: { baseURL: `http://localhost:${basePort}` },
    },
    // The experiment report counts every visitor the flag assigns, and other tests' visitors are
    // assigned too: this test compares the counts before and after its own two visitors, so it runs
    // when every other project is done (about 30 s alone at the end). `--no-deps` runs it by itself.
    {
      name: 'experiment-report',
      testMatch: /experiment-report\.spec\.ts/,
      dependencies: ['a11y', 'routes-order', 'listing-order', 'model-paths', 'model-paths-listing'],
      use: { baseURL: `http://localhost:${basePort}` },
    },
    {
      name: 'listing-order',
      testMatch: /listing-order\.spec\.ts/,
      use: { baseURL: `http://localhost:${listingPort}` },
    },
    // Model-based path tests (tests/model, docs/testing.md): one project per build.
    {
      name: 'model-paths',
      testDir: 'tests/model',
      testMatch: /configured-order-paths\.spec\.ts/,
      fullyParallel: true,
      use: { baseURL: `http://localhost:${basePort}` },
    },
    {
      name: 'model-paths-listing',
      testDir: 'tests/model',
      testMatch: /listing-order-paths\.spec\.ts/,
      fullyParallel: true,
      use: { baseURL: `http://localhost:${listingPort}` },
    },
  ],
  // E2E_LISTING=0 starts only the configured order's server (a quicker run of tests that need no other
  // order while working on them); `npm test` always starts both.
  webServer: [appServer(basePort, undefined), ...(process.env.E2E_LISTING === '0' ? [] : [appServer(listingPort, 'listing')])],
});
