import { test } from '@playwright/test';
import { uniqueEmail } from '../e2e/support/account-stack';
import { becomeVisitorOf } from '../e2e/support/funnel-walker';
import { browserPathSets } from './browser-paths';
import { runPath } from './path-runner';
import { loadPathSuites, pathTestLocale, type ServerOrder } from './path-suites';

/** Seconds of browser time allowed per move: generous for 2 loaded cores, a wrong page still fails fast on its assertion. */
const msPerMove = 8_000;

/**
 * Declares one Playwright test per browser path (browser-paths.ts) of every flow served by `server` (one
 * describe per flow and order). PATH_FLOWS=default,v1 narrows the run to those flows (npm run
 * test:paths -- default), whose browser paths then take every move class of those flows alone.
 */
export function describePathTests(server: ServerOrder): void {
  const wanted = (process.env.PATH_FLOWS ?? '').split(',').filter((id) => id !== '');
  const selected = loadPathSuites().filter((suite) => wanted.length === 0 || wanted.includes(suite.flowId));
  const browserPaths = browserPathSets(selected);
  for (const suite of selected.filter((candidate) => candidate.server === server)) {
    const paths = browserPaths.get(suite)?.paths ?? [];
    if (paths.length === 0) continue;
    test.describe(`${suite.flowId} flow, ${suite.order} order`, () => {
      test.use({ locale: pathTestLocale });
      paths.forEach((path, index) => {
        const last = path.steps[path.steps.length - 1];
        const name = `path ${index + 1}/${paths.length} (${path.steps.length} moves) ending ${last ? `${last.from} --${last.eventKey}-->` : 'at the start'}`;
        test(name, async ({ page, context, baseURL }) => {
          test.setTimeout(60_000 + path.steps.length * msPerMove);
          await becomeVisitorOf(context, baseURL ?? '', suite.flowId);
          // The local stack keeps accounts: each run signs up (v1, v2) with an address of its own.
          await runPath(page, suite.model, path, uniqueEmail(`paths-${suite.flowId}`));
        });
      });
    });
  }
}
