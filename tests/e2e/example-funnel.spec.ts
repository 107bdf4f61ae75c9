import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeFindings, formatFindings } from '../a11y/axe-report';
import { pathOf } from './support/funnel-walker';
import { text, textsOf, type Texts } from './support/locale-texts';

/**
 * The example funnel (flows/examples/sleep.yaml, a sleep-coaching app's onboarding written only from
 * docs/flows.md) as a visitor meets it in the development build the suite serves: at /examples/sleep,
 * although no flag variant names it, with its texts from its own namespace (sleep.json), in English
 * (imperial, ft+in and lb) and Arabic (right to left, metric), the three branches (all decided by the
 * goal) each way between them: shift work in English; waking up rested, then falling asleep, in
 * Arabic. Two computed values (the age
 * from the birth date, the BMI) show on info steps. Phone screenshots go to test-results.
 */
const base = '/examples/sleep';

function wholeYearsSince(birth: string): number {
  const today = new Date();
  const [year, month, day] = birth.split('-').map(Number);
  const had = today.getMonth() + 1 > (month ?? 0) || (today.getMonth() + 1 === month && today.getDate() >= (day ?? 0));
  return today.getFullYear() - (year ?? 0) - (had ? 0 : 1);
}

/** The funnel is on `step`: its URL, and its heading (the new step rendered, not only routed). */
async function stepShown(page: Page, sleep: Texts, step: string): Promise<void> {
  await expect.poll(() => pathOf(page)).toBe(`${base}/${step}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(sleep, `steps.${step}.heading`));
}

async function shootAndCheck(page: Page, language: string, name: string): Promise<void> {
  mkdirSync(test.info().outputDir, { recursive: true });
  await page.screenshot({ path: join(test.info().outputDir, `${language}-${name}.png`) });
  expect(formatFindings((await axeFindings(page, `${name} (${language})`)).blocking), `axe on ${name} (${language})`).toBe('');
}

test.use({ viewport: { width: 390, height: 844 } });

test.describe('English, in the US (feet and inches, pounds)', () => {
  test.use({ locale: 'en-US' });
  test('shift work: the shifts asked, no caffeine note, no shortcut; the age and the BMI on info steps; the text step checks its pattern', async ({ page }) => {
    const sleep = textsOf('en', 'sleep');
    const common = textsOf('en', 'common');
    const main = page.getByRole('main');
    const continueButton = main.getByRole('button', { name: text(common, 'continue'), exact: true });
    const at = (step: string) => stepShown(page, sleep, step);

    await page.goto(`${base}?lng=en`);
    await at('goal');
    await shootAndCheck(page, 'en', 'goal');
    await main.getByRole('button', { name: text(sleep, 'options.goal.shift-work'), exact: true }).click();
    // Branch 1 (when: goal = shift-work): the shifts are asked.
    await at('shiftPattern');
    await main.getByRole('button', { name: text(sleep, 'options.shiftPattern.nights'), exact: true }).click();

    await at('disruptors');
    await main.getByRole('checkbox', { name: text(sleep, 'options.disruptors.caffeine'), exact: true }).click();
    await main.getByRole('checkbox', { name: text(sleep, 'options.disruptors.stress'), exact: true }).click();
    await shootAndCheck(page, 'en', 'disruptors');
    await continueButton.click();
    // Branch 2 (when: goal = fall-asleep) does not hold: no caffeine note.
    await at('sleepHours');
    await expect(main.getByRole('slider')).toHaveValue('7');
    await continueButton.click();
    await at('daytimeTired');
    await main.getByRole('button', { name: text(sleep, 'options.yesNo.yes'), exact: true }).click();

    await at('birthDate');
    await main.locator('input[type="date"]').fill('1990-06-15');
    await continueButton.click();
    await at('ageNote');
    await expect(main).toContainText(text(sleep, 'steps.ageNote.info', { age: String(wholeYearsSince('1990-06-15')) }));
    await continueButton.click();

    await at('height');
    const feet = main.getByRole('textbox', { name: `${text(sleep, 'steps.height.heading')} ${text(common, 'units.ft')}`, exact: true });
    await feet.fill('5');
    await main.getByRole('textbox', { name: `${text(sleep, 'steps.height.heading')} ${text(common, 'units.in')}`, exact: true }).fill('7');
    await continueButton.click();
    await at('weight');
    await main.getByRole('textbox').first().fill('154');
    await continueButton.click();
    // 5 ft 7 in (170.18 cm) and 154 lb (69.85 kg): 24.1, said with the weight as typed.
    await at('bmiNote');
    await expect(main).toContainText('At 154 lb, your body-mass index is 24.1.');
    await shootAndCheck(page, 'en', 'bmi-note');
    await continueButton.click();

    await at('firstName');
    const name = main.getByRole('textbox');
    await name.fill('Ada 2');
    await continueButton.click();
    await expect(main.getByRole('alert')).toHaveText(text(sleep, 'firstName.letters'));
    await name.fill('Ada');
    await expect(main.getByRole('alert')).toHaveText('');
    await continueButton.click();
    await expect.poll(() => pathOf(page)).toBe('/sign-up/password');

    // Its answers, under the keys the flow declares.
    const stored = (key: string) => page.evaluate((k) => localStorage.getItem(k), key);
    expect(await stored('sleepGoal')).toBe('shift-work');
    expect(await stored('shiftPattern')).toBe('nights');
    expect(await stored('disruptors')).toBe(JSON.stringify(['caffeine', 'stress']));
    expect(await stored('sleepHours')).toBe('7');
    expect(await stored('birthDate')).toBe('1990-06-15');
    expect(await stored('height')).toBe('170.18');
    expect(await stored('firstName')).toBe('Ada');
  });
});

test.describe('Arabic (right to left, metric)', () => {
  test.use({ locale: 'ar' });
  test('waking up rested goes straight to the hours slept; falling asleep gets the caffeine note; the rest in Arabic', async ({ page }) => {
    const sleep = textsOf('ar', 'sleep');
    const common = textsOf('ar', 'common');
    const number = new Intl.NumberFormat('ar');
    const main = page.getByRole('main');
    const continueButton = main.getByRole('button', { name: text(common, 'continue'), exact: true });
    const at = (step: string) => stepShown(page, sleep, step);

    await page.goto(`${base}?lng=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await at('goal');
    // Branch 3 (goal's route): waking up rested skips the shifts, the evening habits and the note.
    await main.getByRole('button', { name: text(sleep, 'options.goal.wake-rested'), exact: true }).click();
    await at('sleepHours');
    const slider = main.getByRole('slider');
    await slider.focus();
    await page.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuetext', `${number.format(12)}, ${text(sleep, 'scale.lots')}`);
    await shootAndCheck(page, 'ar', 'slider');

    // Back to the goal and another answer: the path changes with it.
    await page.goto(`${base}/goal?lng=ar`);
    await main.getByRole('button', { name: text(sleep, 'options.goal.fall-asleep'), exact: true }).click();
    await at('disruptors');
    // "None of these" stands alone.
    await main.getByRole('checkbox', { name: text(sleep, 'options.disruptors.screens'), exact: true }).click();
    await main.getByRole('checkbox', { name: text(sleep, 'options.disruptors.none'), exact: true }).click();
    await expect(main.getByRole('checkbox', { name: text(sleep, 'options.disruptors.screens'), exact: true })).toHaveAttribute('aria-checked', 'false');
    await shootAndCheck(page, 'ar', 'disruptors');
    await continueButton.click();
    // Branch 2 (when: goal = fall-asleep).
    await at('caffeineNote');
    await continueButton.click();
    await at('sleepHours');
    await continueButton.click();
    await at('daytimeTired');
    await main.getByRole('button', { name: text(sleep, 'options.yesNo.no'), exact: true }).click();

    await at('birthDate');
    await main.locator('input[type="date"]').fill('1985-01-20');
    await continueButton.click();
    await at('ageNote');
    await expect(main).toContainText(text(sleep, 'steps.ageNote.info', { age: number.format(wholeYearsSince('1985-01-20')) }));
    await shootAndCheck(page, 'ar', 'age-note');
    await continueButton.click();

    await at('height');
    await main.getByRole('textbox').first().fill('170');
    await continueButton.click();
    await at('weight');
    await main.getByRole('textbox').first().fill('70');
    await continueButton.click();
    // 170 cm and 70 kg: 24.2, in Arabic digits.
    await at('bmiNote');
    await expect(main).toContainText(number.format(24.2));
    await continueButton.click();

    await at('firstName');
    await main.getByRole('textbox').fill('ليلى');
    await continueButton.click();
    await expect.poll(() => pathOf(page)).toBe('/sign-up/password');
    const stored = (key: string) => page.evaluate((k) => localStorage.getItem(k), key);
    expect(await stored('shiftPattern')).toBeNull();
    expect(await stored('sleepHours')).toBe('7');
    expect(await stored('disruptors')).toBe(JSON.stringify(['none']));
    expect(await stored('firstName')).toBe('ليلى');
  });
});
