import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/account-stack';
import { flowById } from './support/compiled-flows';
import { becomeVisitorOf, realisticAnswers, walk } from './support/funnel-walker';

/** WCAG 2.1 A and AA rules that axe can decide automatically. */
async function expectNoViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${where}`).toEqual([]);
}

test('every screen kind of v1 passes axe, and so does the error screen', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  const flow = flowById('v1');
  await becomeVisitorOf(context, baseURL ?? '', 'v1');
  await page.goto('/onboarding/v1');
  const checked = new Set<string>();
  // The password step signs up for real: a fresh address each run.
  await walk(page, flow, { ...realisticAnswers, email: uniqueEmail('axe-v1') }, {
    onStep: async (step) => {
      if (checked.has(step.screen)) return;
      checked.add(step.screen);
      await expectNoViolations(page, step.path);
    },
  });
  expect([...checked].sort()).toEqual(['age', 'company', 'height', 'info', 'readyToStart', 'signUpEmail', 'signUpPassword', 'singleChoice', 'weight']);

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expectNoViolations(page, 'the error screen');
});

test('v2 screens on their backgrounds pass axe', async ({ page, context, baseURL }) => {
  const flow = flowById('v2');
  await becomeVisitorOf(context, baseURL ?? '', 'v2');
  await page.goto('/onboarding/v2');
  await walk(page, flow, realisticAnswers, {
    until: 'height',
    onStep: async (step) => {
      if (step.id === 'gender' || step.id === 'company' || step.id === 'nutritionIntro') await expectNoViolations(page, step.path);
    },
  });
  await expectNoViolations(page, 'v2 height');
});
