import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/account-stack';
import { flowById } from './support/compiled-flows';
import { becomeVisitorOf, localStorageOf, pathOf, realisticAnswers, walk } from './support/funnel-walker';

// Runs against the build made with FLOW_ORDER=listing (see playwright.config.ts).
test('the alternate step order (listing) walks to the end: nutritionGoal right after chooseGoal', async ({ page, context, baseURL }) => {
  const flow = flowById('default', 'listing');
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  await page.goto('/onboarding');
  const visited = await walk(page, flow, realisticAnswers);
  expect(visited.slice(0, 4)).toEqual(['gender', 'company', 'chooseGoal', 'nutritionGoal']);
  expect(pathOf(page)).toBe('/sign-up/password');
  expect((await localStorageOf(page)).nutritionGoal).toBe('balanced');
});

test('the alternate order of v1 places its information steps as listed', async ({ page, context, baseURL }) => {
  const flow = flowById('v1', 'listing');
  await becomeVisitorOf(context, baseURL ?? '', 'v1');
  await page.goto('/');
  // The password step signs up for real: a fresh address each run.
  const visited = await walk(page, flow, { ...realisticAnswers, email: uniqueEmail('listing-v1') });
  expect(visited.indexOf('sustainabilityIntro')).toBe(visited.indexOf('nutritionGoal') + 1);
  expect(visited.indexOf('caloricDensityIntro')).toBe(visited.indexOf('speedGoal') + 1);
  expect(pathOf(page)).toBe('/sign-up/preparing');
});
