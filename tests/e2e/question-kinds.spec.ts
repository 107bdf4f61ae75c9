import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { parseDocument } from 'yaml';
import { compileFlowProject } from '../../engine/compile-flow-project';
import type { CompiledFlow, CompiledVariants } from '../../engine/compiled-flow';
import { formatFlowDiagnostic } from '../../engine/flow-error';
import { readFlowProject } from '../../engine/read-flow-project';
import { createConfidenceRoutes } from '../../server/confidence/create-confidence-routes';
import { axeFindings, formatFindings } from '../a11y/axe-report';
import { visitorIdFor } from './support/compiled-flows';
import { pathOf } from './support/funnel-walker';
import { text, textsOf } from './support/locale-texts';
import { buildApp, serveBuild } from './support/throwaway-build';

/**
 * The question kinds of issue 28 through the real UI, in English and in Arabic (right to left): the
 * multi-select (min/max, the exclusive option, a step shown by `includes`), the slider (keyboard, the
 * value a screen reader hears) and the date (a refused day with its message, then a good one, stored
 * under the flow's own key `birthDate` that `ageFromBirthDate` reads for a later condition), what
 * lands in local storage, and going back and changing an answer. The flow is
 * tests/e2e/support/question-kinds.yaml, added to a copy of flows/ and built from it (FLOWS_DIR), so
 * no production build serves it. Phone screenshots of each step go to test-results (for a person to look at).
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const flowId = 'questionKinds';

let workDir = '';
let distDir = '';
let flow: CompiledFlow;
let variants: CompiledVariants;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  workDir = mkdtempSync(join(tmpdir(), 'funnel-question-kinds-'));
  const flowsDir = join(workDir, 'flows');
  distDir = join(workDir, 'dist');
  cpSync(join(root, 'flows'), flowsDir, { recursive: true });
  writeFileSync(join(flowsDir, `${flowId}.yaml`), readFileSync(join(root, 'tests/e2e/support/question-kinds.yaml'), 'utf8'));
  const variantsFile = join(flowsDir, 'variants.yaml');
  const document = parseDocument(readFileSync(variantsFile, 'utf8'));
  document.setIn(['variants', 'question-kinds'], flowId);
  document.setIn(['allocation', 'question-kinds'], 1);
  writeFileSync(variantsFile, document.toString());

  const checked = compileFlowProject(readFlowProject(root, flowsDir), { verifyAllOrders: true });
  expect(checked.diagnostics.map(formatFlowDiagnostic), 'flows check of the test flow').toEqual([]);
  const compiled = checked.flows.get(flowId);
  if (compiled === undefined || checked.variants === undefined) throw new Error(`flow ${flowId} or the variants did not compile`);
  flow = compiled;
  variants = checked.variants;
  await buildApp(distDir, { FLOWS_DIR: flowsDir, FLOW_ORDER: '' });
});

test.afterAll(() => {
  if (workDir !== '') rmSync(workDir, { recursive: true, force: true });
});

// A phone: visitors come from ads.
test.use({ viewport: { width: 390, height: 844 } });

/** A phone screenshot for a person to look at, and axe (WCAG A/AA, contrast included) on the screen as shown. */
async function shootAndCheck(page: Page, language: string, name: string): Promise<void> {
  mkdirSync(test.info().outputDir, { recursive: true });
  await page.screenshot({ path: join(test.info().outputDir, `${language}-${name}.png`) });
  expect(formatFindings((await axeFindings(page, `${name} (${language})`)).blocking), `axe on ${name} (${language})`).toBe('');
}

for (const language of ['en', 'ar'] as const) {
  test(`multi-select, slider and date work by touch and keyboard, store their answers and survive back-and-change (${language})`, async ({ page, context, baseURL }) => {
    const origin = baseURL ?? '';
    await serveBuild(context, origin, distDir, (spa) => spa.route('/confidence', createConfidenceRoutes({ variants: () => variants }).routes));
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const onboarding = textsOf(language, 'onboarding');
    const common = textsOf(language, 'common');
    const english = textsOf('en', 'onboarding');
    const number = new Intl.NumberFormat(language);
    const main = page.getByRole('main');
    const continueButton = main.getByRole('button', { name: text(common, 'continue'), exact: true });

    await context.addCookies([{ name: 'cnfdVisitorId', value: visitorIdFor(flowId, variants), url: origin }]);
    await page.goto(`/onboarding?lng=${language}`);
    await expect.poll(() => pathOf(page)).toBe(`${flow.basePath}/cooking`);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

    // Multi-select: Continue waits for a pick; a third pick is refused and said why; "everything" stands alone.
    const option = (value: string) => main.getByRole('checkbox', { name: text(onboarding, `options.cookingPreference.${value}`), exact: true });
    await expect(main.getByText(text(common, 'multiSelect.range', { min: number.format(1), max: number.format(2) }))).toBeVisible();
    await expect(continueButton).toBeDisabled();
    await option('home').click();
    await option('restaurant').click();
    await option('takeout').click();
    await expect(option('takeout')).toHaveAttribute('aria-checked', 'false');
    await expect(main.getByRole('status')).toHaveText(text(common, 'multiSelect.atMost', { max: number.format(2) }));
    await shootAndCheck(page, language, 'multi-select');
    await option('everything').click();
    await expect(option('everything')).toHaveAttribute('aria-checked', 'true');
    await expect(option('home')).toHaveAttribute('aria-checked', 'false');
    await expect(option('restaurant')).toHaveAttribute('aria-checked', 'false');
    // Keyboard: Space on a focused option toggles it, and it clears the exclusive one.
    await option('home').focus();
    await page.keyboard.press('Space');
    await expect(option('home')).toHaveAttribute('aria-checked', 'true');
    await expect(option('everything')).toHaveAttribute('aria-checked', 'false');
    await continueButton.click();

    // "home" was picked: the step with `when: { answer: cooking, includes: home }` is shown.
    await expect.poll(() => pathOf(page)).toBe(`${flow.basePath}/foodPreferences`);
    await main.getByRole('button', { name: text(onboarding, 'options.foodPreferences.vegan'), exact: true }).click();

    // Slider: starts at its default, moves by keyboard; the screen reader hears the value and the end label.
    await expect.poll(() => pathOf(page)).toBe(`${flow.basePath}/sleep`);
    const slider = main.getByRole('slider', { name: text(onboarding, 'steps.sleepHours.heading') });
    await expect(slider).toHaveValue('8');
    await shootAndCheck(page, language, 'slider');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    // Right to left, the right arrow moves towards the start of the scale.
    await expect(slider).toHaveValue(language === 'ar' ? '7.5' : '8.5');
    await page.keyboard.press('Home');
    await expect(slider).toHaveValue('4');
    await expect(slider).toHaveAttribute('aria-valuetext', `${number.format(4)}, ${text(onboarding, 'options.sleepHours.less-than-5')}`);
    await page.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuetext', `${number.format(12)}, ${text(onboarding, 'options.sleepHours.more-than-8')}`);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(slider).toHaveValue('5');
    await expect(slider).toHaveAttribute('aria-valuetext', number.format(5));
    await continueButton.click();

    // Date: empty waits; a day too recent is refused with the latest allowed day, in the visitor's language.
    await expect.poll(() => pathOf(page)).toBe(`${flow.basePath}/birthDate`);
    const field = main.locator('input[type="date"]');
    await expect(continueButton).toBeDisabled();
    const thisYear = new Date().getUTCFullYear();
    await field.fill(`${thisYear - 10}-01-01`);
    await continueButton.click();
    const max = (await field.getAttribute('max')) ?? '';
    const latest = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${max}T00:00:00Z`));
    await expect(main.getByRole('alert')).toHaveText(text(common, 'date.tooLate', { date: latest }));
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await shootAndCheck(page, language, 'date-refused');
    await field.fill('1990-06-15');
    await expect(main.getByRole('alert')).toHaveText('');
    await continueButton.click();
    // 30 or older (ageFromBirthDate on the stored birthDate): the note is shown, then the funnel ends.
    await expect.poll(() => pathOf(page)).toBe(`${flow.basePath}/nutritionIntro`);
    await continueButton.click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/sign-up\//);

    // What is stored: English texts under English headings, whatever the visitor's language.
    const stored = (key: string) => page.evaluate((name) => localStorage.getItem(name), key);
    const englishHeading = (id: string) => text(english, `steps.${id}.heading`);
    expect(await stored(englishHeading('cookingPreference'))).toBe(JSON.stringify([text(english, 'options.cookingPreference.home')]));
    expect(await stored(englishHeading('foodPreferences'))).toBe(text(english, 'options.foodPreferences.vegan'));
    expect(await stored(englishHeading('sleepHours'))).toBe('5');
    // The birth date goes under the key the flow declares.
    expect(await stored('birthDate')).toBe('1990-06-15');

    // Back after a reload: each screen shows the answer given; a changed pick takes the food step off the path.
    await page.goto(`${flow.basePath}/birthDate?lng=${language}`);
    await expect(field).toHaveValue('1990-06-15');
    await page.goto(`${flow.basePath}/sleep?lng=${language}`);
    await expect(slider).toHaveValue('5');
    await page.goto(`${flow.basePath}/cooking?lng=${language}`);
    await expect(option('home')).toHaveAttribute('aria-checked', 'true');
    await option('everything').click();
    await continueButton.click();
    await expect.poll(() => pathOf(page)).toBe(`${flow.basePath}/sleep`);
    expect(await stored(englishHeading('foodPreferences'))).toBeNull();
    expect(await stored(englishHeading('cookingPreference'))).toBe(JSON.stringify([text(english, 'options.cookingPreference.everything')]));
    expect(errors).toEqual([]);
  });
}
