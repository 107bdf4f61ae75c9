import { expect, test } from '@playwright/test';
import { flowById } from './support/compiled-flows';
import { becomeVisitorOf, localStorageOf, pathOf, realisticAnswers, walk } from './support/funnel-walker';

/**
 * The height step is a `number` step in the `length` unit system of flows/default.yaml: cm, or feet and
 * inches (a composite unit, 12 in per ft, 2.54 cm per in). Typed in feet and inches through the real UI,
 * left to right and right to left: the texts of the language, the fields in reading order, the
 * conversion to cm, and the answer shown again after going back and after a reload.
 */
const texts = {
  en: {
    heading: 'How tall are you?',
    cm: 'cm',
    lb: 'lb',
    ft: 'ft',
    in: 'in',
    ftIn: 'ft/in',
    continue: 'Continue',
    notANumber: 'Please enter feet and inches as numbers, with inches from 0 to 11.',
    range: 'That doesn\'t look right. Please enter a height between 3 ft 4 in and 8 ft 2 in.',
    dir: 'ltr',
  },
  ar: {
    heading: 'كم طولك؟',
    cm: 'سم',
    lb: 'رطل',
    ft: 'قدم',
    in: 'بوصة',
    ftIn: 'قدم/بوصة',
    continue: 'متابعة',
    notANumber: 'يُرجى إدخال الأقدام والبوصات أرقامًا، على أن تكون البوصات من 0 إلى 11.',
    // The range in the language's digits, through Intl.
    range: `يبدو أن هناك خطأ. يُرجى إدخال طول بين ${arabic(3)} قدم ${arabic(4)} بوصة و${arabic(8)} قدم ${arabic(2)} بوصة.`,
    dir: 'rtl',
  },
} as const;

function arabic(value: number): string {
  return new Intl.NumberFormat('ar').format(value);
}

// A phone, in a metric region: the visitor switches to feet and inches with the toggle.
test.use({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });

for (const language of ['en', 'ar'] as const) {
  const text = texts[language];

  test(`${language}: height in feet and inches through the toggle, stored in cm, shown again after back and reload`, async ({ page, context, baseURL }) => {
    await becomeVisitorOf(context, baseURL ?? '', 'default');
    await page.goto('/onboarding/gender?lng=en');
    await walk(page, flowById('default'), realisticAnswers, { until: 'height' });
    await page.goto(`/onboarding/height?lng=${language}`);
    await expect(page.locator('html')).toHaveAttribute('dir', text.dir);
    await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();

    // en-GB starts in cm; the toggle switches to the composite unit: two fields named by heading and unit.
    await expect(page.getByRole('radio', { name: text.cm, exact: true })).toBeChecked();
    await page.getByRole('radio', { name: text.ftIn, exact: true }).check();
    const feet = page.getByRole('textbox', { name: `${text.heading} ${text.ft}`, exact: true });
    const inches = page.getByRole('textbox', { name: `${text.heading} ${text.in}`, exact: true });
    await expect(feet).toHaveAttribute('placeholder', '5');
    await expect(inches).toHaveAttribute('placeholder', '5');
    // Feet first in reading order: at the left in English, at the right in Arabic.
    const [feetBox, inchesBox] = [await feet.boundingBox(), await inches.boundingBox()];
    if (!feetBox || !inchesBox) throw new Error('fields not laid out');
    expect(language === 'en' ? feetBox.x < inchesBox.x : feetBox.x > inchesBox.x).toBe(true);

    const continueButton = page.getByRole('button', { name: text.continue, exact: true });
    const alert = page.getByRole('alert');
    await feet.fill('14');
    await continueButton.click();
    await expect(alert).toHaveText(text.range);
    await feet.fill('5');
    await inches.fill('13');
    await continueButton.click();
    await expect(alert).toHaveText(text.notANumber);
    await inches.fill('7');
    await expect(alert).toHaveText('');
    await continueButton.click();

    await expect.poll(() => pathOf(page)).toBe('/onboarding/weight');
    // 5 ft 7 in = 67 in = 170.18 cm; the choice of imperial carries to the weight (lb).
    expect(await localStorageOf(page)).toMatchObject({ height: '170.18', useMetricOrImperial: 'false', heightEntered: 'true' });
    await expect(page.getByRole('radio', { name: text.lb, exact: true })).toBeChecked();

    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/onboarding/height');
    await expect(feet).toHaveValue('5');
    await expect(inches).toHaveValue('7');
    await page.reload();
    await expect(feet).toHaveValue('5');
    await expect(inches).toHaveValue('7');
    await expect(page.getByRole('radio', { name: text.ftIn, exact: true })).toBeChecked();
  });
}
