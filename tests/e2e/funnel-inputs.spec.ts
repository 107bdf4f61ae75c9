import { expect, test } from '@playwright/test';
import { flowById } from './support/compiled-flows';
import { becomeVisitorOf, localStorageOf, pathOf, realisticAnswers, walk } from './support/funnel-walker';

const flow = flowById('default');

test.describe('US browser language', () => {
  test.use({ locale: 'en-US' });

  test('height defaults to in (placeholder 65), weight to lb (143); Continue is disabled while blank', async ({ page, context, baseURL }) => {
    await becomeVisitorOf(context, baseURL ?? '', 'default');
    await page.goto('/onboarding');
    await walk(page, flow, realisticAnswers, { until: 'height' });

    const continueButton = page.getByRole('button', { name: 'Continue' });
    const field = page.getByRole('textbox', { name: 'How tall are you?' });
    await expect(page.getByRole('radio', { name: 'in', exact: true })).toBeChecked();
    await expect(field).toHaveAttribute('placeholder', '65');
    await expect(field).toHaveAttribute('inputmode', 'decimal');
    await expect(continueButton).toBeDisabled();
    await field.fill('   ');
    await expect(continueButton).toBeDisabled();
    await field.fill('67');
    await expect(continueButton).toBeEnabled();
    await continueButton.click();

    await expect.poll(() => pathOf(page)).toBe('/onboarding/weight');
    await expect(page.getByRole('radio', { name: 'lb', exact: true })).toBeChecked();
    await expect(page.getByRole('textbox')).toHaveAttribute('placeholder', '143');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    const stored = await localStorageOf(page);
    expect(stored).toMatchObject({ height: '170.18', useMetricOrImperial: 'false', heightEntered: 'true' });
  });
});

test.describe('German browser language', () => {
  test.use({ locale: 'de-DE' });

  test('height defaults to cm (placeholder 165), weight to kg (65); a decimal comma is understood', async ({ page, context, baseURL }) => {
    await becomeVisitorOf(context, baseURL ?? '', 'default');
    // English texts (lng=en) so the test can find them by name; the units still follow the browser.
    await page.goto('/onboarding?lng=en');
    await walk(page, flow, realisticAnswers, { until: 'height' });

    await expect(page.getByRole('radio', { name: 'cm', exact: true })).toBeChecked();
    await expect(page.getByRole('textbox')).toHaveAttribute('placeholder', '165');
    await page.getByRole('textbox').fill('172,5');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => pathOf(page)).toBe('/onboarding/weight');
    await expect(page.getByRole('radio', { name: 'kg', exact: true })).toBeChecked();
    await expect(page.getByRole('textbox')).toHaveAttribute('placeholder', '65');
    // Switching the toggle switches the placeholder.
    await page.getByRole('radio', { name: 'lb', exact: true }).check();
    await expect(page.getByRole('textbox')).toHaveAttribute('placeholder', '143');
    await page.getByRole('radio', { name: 'kg', exact: true }).check();
    await page.getByRole('textbox').fill('70');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => pathOf(page)).toBe('/onboarding/goalWeight');
    expect(await localStorageOf(page)).toMatchObject({ height: '172.5', weight: '70', useMetricOrImperial: 'true' });
  });
});

test('age takes whole numbers; invalid text is stored as 0 as the spec says', async ({ page, context, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  await page.goto('/onboarding');
  await walk(page, flow, realisticAnswers, { until: 'age' });
  const field = page.getByRole('textbox', { name: 'How old are you?' });
  await expect(field).toHaveAttribute('placeholder', '30');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await field.fill('thirty');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/activityLevel');
  expect((await localStorageOf(page)).age).toBe('0');
});

test('single choice works from the keyboard alone', async ({ page, context, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  await page.goto('/onboarding');
  const male = page.getByRole('button', { name: 'Male', exact: true });
  await expect(male).toBeVisible();
  // Tab until the option has focus, then Enter picks it.
  for (let presses = 0; presses < 6 && !(await male.evaluate((element) => element === document.activeElement)); presses++) {
    await page.keyboard.press('Tab');
  }
  await expect(male).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
  // Focus moved to the new question's heading.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect((await localStorageOf(page)).gender).toBe('male');
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('readyToStart shows no confetti but still offers "Let\'s go" and advances by itself', async ({ page, context, baseURL }) => {
    await becomeVisitorOf(context, baseURL ?? '', 'default');
    await page.goto('/onboarding');
    await walk(page, flow, realisticAnswers, { until: 'readyToStart' });
    await page.getByRole('button', { name: 'Tap the circle' }).click();
    await page.waitForTimeout(500);
    await expect(page.locator('canvas')).toHaveCount(0);
    await expect(page.getByRole('link', { name: "Let's go" })).toBeVisible({ timeout: 6_000 });
    await expect.poll(() => pathOf(page), { timeout: 8_000 }).toBe('/sign-up/password');
  });
});

test('readyToStart fires the confetti on a canvas when motion is allowed', async ({ page, context, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  await page.goto('/onboarding');
  await walk(page, flow, realisticAnswers, { until: 'readyToStart' });
  await page.getByRole('button', { name: 'Tap the circle' }).click();
  await expect(page.locator('canvas')).toHaveCount(1);
  // Gone once the 3 s are over.
  await expect(page.getByRole('link', { name: "Let's go" })).toBeVisible({ timeout: 6_000 });
  await expect(page.locator('canvas')).toHaveCount(0);
});
