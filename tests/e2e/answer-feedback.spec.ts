import { expect, test, type Page } from '@playwright/test';
import { axeFindings } from '../a11y/axe-report';
import { uniqueEmail } from './support/account-stack';
import { flowById } from './support/compiled-flows';
import { becomeVisitorOf, pathOf, realisticAnswers, stepHeading, walk } from './support/funnel-walker';

/**
 * Variant v1's feedback on the answers (decision 0246), through the real UI on a phone: the BMI with
 * its WHO band after the weight, and the plan's goal date once the pace is known, the same date the
 * plans page then promises. The walk's answers: a woman of 34, 5 ft 7 in (170.18 cm), 150 lb
 * (68.0388 kg) -> BMI 23.5, healthy; 140 lb at 0.5 kg a week from 5 January 2026 -> 10 March 2026.
 */

test.use({ viewport: { width: 390, height: 844 } });

const flow = flowById('v1');
const indexOf = (id: string) => flow.steps.findIndex((step) => step.id === id);

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('English: BMI and band after the weight, the goal date the plans page shows, in pounds; its testimonials with portraits', async ({ page, context, baseURL }) => {
  test.setTimeout(150_000);
  await becomeVisitorOf(context, baseURL ?? '', 'v1');
  // The plan counts from today: the page clock fixes the day, then runs at real speed.
  await page.clock.install({ time: new Date('2026-01-05T12:00:00Z') });
  await page.goto('/onboarding/v1');
  const answers = { ...realisticAnswers, email: uniqueEmail('feedback') };
  await walk(page, flow, answers, { until: 'yourBmi', pageClock: true });
  await expect(stepHeading(page)).toHaveText('Your BMI is 23.5');
  await expect(page.getByText('WHO range for adults: Healthy weight. Your plan starts from where you are today.')).toBeVisible();
  // The scale: the four WHO bands as words, the visitor's marked current, a marker at 23.5.
  await expect(page.getByRole('listitem')).toHaveText(['Underweight', 'Healthy weight', 'Overweight', 'Obesity']);
  await expect(page.locator('[aria-current="true"]')).toHaveText('Healthy weight');
  await expect(page.locator('.bmi-scale__marker')).toBeVisible();
  expect((await axeFindings(page, 'yourBmi')).blocking).toEqual([]);
  await shoot(page, 'your-bmi-en');

  await walk(page, flow, answers, { from: indexOf('yourBmi'), until: 'yourGoalDate', pageClock: true });
  await expect(stepHeading(page)).toHaveText('You could reach 140 lb by March 10, 2026');
  expect((await axeFindings(page, 'yourGoalDate')).blocking).toEqual([]);
  await shoot(page, 'your-goal-date-en');

  await walk(page, flow, answers, { from: indexOf('yourGoalDate'), pageClock: true });
  expect(pathOf(page)).toBe('/sign-up/preparing');
  await page.clock.fastForward(7_000);
  await expect.poll(() => pathOf(page)).toBe('/checkout/plans');
  await expect(page.getByRole('region', { name: 'Your daily targets' }).getByText('Reach 140 lb by March 10, 2026')).toBeVisible();

  // The testimonials with their drawn portraits and results in the visitor's units (pounds here).
  const people = page.getByRole('region', { name: 'What our users say' }).getByRole('listitem');
  await expect(people.locator('figcaption')).toHaveText(['Laura M.-13 lb', 'Tomasz K.-20 lb', 'Sofia R.-9 lb']);
  const portraits = people.locator('img.testimonial-card__portrait');
  await expect(portraits).toHaveCount(3);
  for (const [index, id] of ['first', 'second', 'third'].entries()) {
    await expect(portraits.nth(index)).toHaveAttribute('src', `/images/portraits/${id}.svg`);
    expect(await portraits.nth(index).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  }
  await people.first().scrollIntoViewIfNeeded();
  expect((await axeFindings(page, 'plans page')).blocking).toEqual([]);
  await shoot(page, 'plans-testimonials-en');
});

test('Arabic (right to left): the same values in Arabic digits, words and date, the band translated', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  await becomeVisitorOf(context, baseURL ?? '', 'v1');
  await page.clock.install({ time: new Date('2026-01-05T12:00:00Z') });
  // Metric this time: 170 cm and 90 kg -> BMI 31.1, obese; goal 80 kg.
  const answers = {
    ...realisticAnswers,
    measurements: { height: { text: '170', unit: 'cm' }, weight: { text: '90', unit: 'kg' }, goalWeight: { text: '80', unit: 'kg' } },
  };
  await page.goto('/onboarding/v1');
  await walk(page, flow, answers, { until: 'yourBmi', pageClock: true });
  await page.goto('/onboarding/v1/yourBmi?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const digits = new Intl.NumberFormat('ar', { maximumFractionDigits: 1 });
  await expect(stepHeading(page)).toHaveText(`مؤشر كتلة جسمك ${digits.format(31.1)}`);
  await expect(page.getByText('الفئة لدى البالغين حسب منظمة الصحة العالمية: السمنة.', { exact: false })).toBeVisible();
  await expect(page.locator('[aria-current="true"]')).toHaveText('السمنة');
  expect((await axeFindings(page, 'yourBmi ar')).blocking).toEqual([]);
  await shoot(page, 'your-bmi-ar');

  await page.goto('/onboarding/v1/yourBmi?lng=en');
  await walk(page, flow, answers, { from: indexOf('yourBmi'), until: 'yourGoalDate', pageClock: true });
  await page.goto('/onboarding/v1/yourGoalDate?lng=ar');
  // 10 kg at 0.5 kg a week: 140 days from 5 January 2026.
  const day = new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 4, 25));
  await expect(stepHeading(page)).toHaveText(`يمكنك الوصول إلى ${digits.format(80)} كجم بحلول ${day}`);
  expect((await axeFindings(page, 'yourGoalDate ar')).blocking).toEqual([]);
  await shoot(page, 'your-goal-date-ar');
});
