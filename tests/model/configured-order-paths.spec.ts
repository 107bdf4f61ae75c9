import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../e2e/support/account-stack';
import { becomeVisitorOf } from '../e2e/support/funnel-walker';
import { describePathTests } from './describe-path-tests';
import { runPath } from './path-runner';
import { loadPathSuites } from './path-suites';

// Against the build with each flow's own `order` line (playwright.config.ts project model-paths).
describePathTests('configured');

const wanted = (process.env.PATH_FLOWS ?? '').split(',').filter((id) => id !== '');
const listing = loadPathSuites().find((suite) => suite.server === 'listing' && suite.flowId === 'default');
const configured = loadPathSuites().find((suite) => suite.server === 'configured' && suite.flowId === 'default');

// A path test that cannot fail proves nothing: the listing order's first path, run against this build,
// must stop where the orders part (nutritionGoal right after chooseGoal in listing).
// Declared only when the default flow is selected (PATH_FLOWS narrows a run to other flows).
if (wanted.length === 0 || wanted.includes('default')) test('self-check: a path of the other step order fails against this build', async ({ page, context, baseURL }) => {
  // The two builds must differ, or this check (and the listing build) would prove nothing.
  if (!listing || !configured) throw new Error('no default flow in one of the two step orders');
  expect(configured.order).not.toBe(listing.order);
  const [path] = listing.generate().paths;
  if (!path) throw new Error('no listing path');
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  await expect(runPath(page, listing.model, path, uniqueEmail('paths-self-check'))).rejects.toThrow(/=> nutritionGoal: the step's route/);
});
