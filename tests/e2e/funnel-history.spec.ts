import { expect, test } from '@playwright/test';
import { flowById } from './support/compiled-flows';
import { becomeVisitorOf, pathOf, realisticAnswers, stepHeading, walk } from './support/funnel-walker';

test('the in-app back is a real history step, so browser back never goes forward again (no ping-pong)', async ({ page, context, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  await page.goto('/onboarding?utm_source=ad');
  await walk(page, flowById('default'), realisticAnswers, { until: 'bodyShape' });
  const back = page.getByRole('button', { name: 'Back' });

  // Walked here: the entry before is the previous step, so the in-app back pops it.
  await back.click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/chooseGoal');
  await page.goBack();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
  expect(new URL(page.url()).search).toBe('?utm_source=ad');

  // A deep link has no earlier step in history: the in-app back replaces the entry, so browser back
  // goes to what came before the deep link, not to the step the visitor just left.
  await page.goto('/onboarding/bodyShape');
  await expect(stepHeading(page)).toBeVisible();
  await back.click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/chooseGoal');
  await page.goBack();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/company');

  // After a reload the history still knows the previous step: back pops, and forward returns.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/chooseGoal');
  await page.reload();
  await expect(stepHeading(page)).toHaveText("What's your goal?");
  await back.click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
  await page.goForward();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/chooseGoal');
});
