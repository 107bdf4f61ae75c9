import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { TranslationCatalog } from '../../engine/translation-catalog';
import { compiledFlows } from '../e2e/support/compiled-flows';
import { uniqueEmail } from '../e2e/support/account-stack';
import { becomeVisitorOf, pathOf, realisticAnswers, walk } from '../e2e/support/funnel-walker';
import { skipRootSpinner } from '../support/skip-root-spinner';
import { textAroundValues } from '../support/text-around-values';
import { axeFindings, formatFindings, type AxeFinding } from './axe-report';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The language's texts as shipped (public/locales/<lng>), looked up like i18next. */
function catalogOf(language: string): TranslationCatalog {
  const dir = `${root}public/locales/${language}`;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ namespace: name.replace(/\.json$/, ''), file: `public/locales/${language}/${name}`, text: readFileSync(`${dir}/${name}`, 'utf8') }));
  return TranslationCatalog.parse(language, files).catalog;
}

/** The two layouts every step is checked in (app.css switches to the desktop card from 960 px). */
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;
test.use({ viewport: viewports.phone });

/**
 * Images decoded and no transition running (a step's content fades in: axe would read the contrast
 * mid-fade). Checked in the page on every animation frame, so the check ends the frame the page settles.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.images].every((image) => image.complete) &&
      document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { polling: 'raf' },
  );
}

const english = catalogOf('en');
const arabic = catalogOf('ar');

/** Collects axe findings over a test; fails at the end on WCAG A/AA and serious/critical ones, prints the rest. */
class FindingLog {
  private readonly blocking: AxeFinding[] = [];
  private readonly reported: AxeFinding[] = [];

  /**
   * axe on the page as it is, on a phone and on a desktop: the page is resized in place (no reload),
   * each layout checked once its transitions have finished, then it goes back to the phone size.
   */
  async check(page: Page, where: string): Promise<void> {
    for (const [name, size] of Object.entries(viewports)) {
      await page.setViewportSize(size);
      await settled(page);
      const result = await axeFindings(page, `${where} [${name}]`);
      this.blocking.push(...result.blocking);
      this.reported.push(...result.reported);
    }
    await page.setViewportSize(viewports.phone);
  }

  finish(title: string): void {
    // The full list of minor and moderate findings goes to the test output (and the report), not only a count.
    const text = this.reported.length > 0 ? formatFindings(this.reported) : 'none';
    console.log(`axe, minor and moderate findings, ${title}:\n${text}`);
    test.info().annotations.push({ type: 'axe minor/moderate', description: `${this.reported.length}` });
    expect(formatFindings(this.blocking), `WCAG A/AA and serious or critical axe violations, ${title}`).toBe('');
  }
}

const { flows, variants } = compiledFlows();

// The flag's flows (the example funnel has its own axe checks in tests/e2e/example-funnel.spec.ts).
const flowsInOrder = [...flows.values()].filter((flow) => Object.values(variants.variants).includes(flow.id)).sort((a, b) => a.id.localeCompare(b.id));

/**
 * The steps of each flow that render something no earlier flow (in id order) renders: a step's screen
 * reads nothing of its flow but the step's own definition and whether it is the first (the back
 * button), so a step that v1 inherits unchanged from the default flow shows the same page there (only
 * the progress count differs) and is checked once, in the default flow. v1's own steps, and every v2
 * step (its own art), are checked in their flow. The walks still pass every step.
 */
function stepsFirstRenderedIn(): Map<string, Set<string>> {
  const checked = new Set<string>();
  const plan = new Map<string, Set<string>>();
  for (const flow of flowsInOrder) {
    const own = new Set<string>();
    for (const step of flow.steps) {
      const { index, path: _path, ...definition } = step;
      const rendering = JSON.stringify({ ...definition, first: index === 0 });
      if (checked.has(rendering)) continue;
      checked.add(rendering);
      own.add(step.id);
    }
    plan.set(flow.id, own);
  }
  return plan;
}
const toCheck = stepsFirstRenderedIn();

for (const flow of flowsInOrder) {
  const checkedHere = toCheck.get(flow.id) ?? new Set<string>();
  test.describe(`${flow.id} flow`, () => {
    test(`every step no earlier flow renders passes axe in English, on a phone and a desktop`, async ({ page, context, baseURL }) => {
      test.setTimeout(60_000 + flow.steps.length * 30_000);
      const log = new FindingLog();
      await becomeVisitorOf(context, baseURL ?? '', flow.id);
      await page.goto(`${flow.basePath}?lng=en`);
      // v1/v2 sign up for real on their password step: a fresh address each run.
      await walk(page, flow, { ...realisticAnswers, email: uniqueEmail(`axe-${flow.id}`) }, {
        onStep: async (step) => {
          if (!checkedHere.has(step.id)) return;
          await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
          await log.check(page, `${step.path} (en)`);
          if (step.id === 'height') await expectDisabledContinueLooksInactive(page);
        },
      });
      log.finish(`${flow.id}, en`);
    });

    test(`every step no earlier flow renders passes axe in Arabic, right to left, on a phone and a desktop`, async ({ page, context, baseURL }) => {
      test.setTimeout(60_000 + flow.steps.length * 35_000);
      const log = new FindingLog();
      await becomeVisitorOf(context, baseURL ?? '', flow.id);
      // Answer every step first (in English, where the walker finds controls by name), so every step's
      // URL opens instead of redirecting to the first unanswered one.
      // The last step is shown but not answered: answering it would sign up (v1/v2), and the funnel's
      // entry check sends a signed-in visitor to checkout instead of back into the funnel.
      // The first step's URL opens without the 1 s root spinner (its own test: funnel-navigation.spec.ts).
      await skipRootSpinner(page);
      await page.goto(`${flow.basePath}?lng=en`);
      await walk(page, flow, realisticAnswers, { until: flow.steps.at(-1)?.id });
      await page.goto(`${flow.steps[0]?.path ?? flow.basePath}?lng=ar`);
      // The language comes from this URL's query when the app starts: move on only once it has (a step
      // URL pushed before that has no query, and the app would start in the remembered English).
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      for (const step of flow.steps.filter((candidate) => checkedHere.has(candidate.id))) {
        // Each step by its URL inside the app, as the browser's history moves do: the page (and axe in it)
        // stays loaded, which saves a page load and an axe injection per step.
        await openInApp(page, step.path);
        await expect.poll(() => pathOf(page)).toBe(step.path);
        await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await expect(page.getByRole('heading', { level: 1, name: textAroundValues(headingIn(step.headingKey)), exact: true })).toBeVisible();
        await log.check(page, `${step.path} (ar)`);
      }
      log.finish(`${flow.id}, ar`);
    });
  });
}

test('the error screen passes axe in English and in Arabic', async ({ page }) => {
  const log = new FindingLog();
  for (const [language, heading] of [['en', englishText('common:error.heading')], ['ar', headingIn('common:error.heading')]] as const) {
    await page.goto(`/no-such-page?lng=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await log.check(page, `the error screen (${language})`);
  }
  log.finish('error screen');
});

/** Moves the loaded app to `path` as a history move does (react-router follows popstate). */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    if (window.location.pathname === target) return;
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('the axe check reports what it is shown: an image without a text alternative and faint text', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10"><p style="color:#eee;background:#fff">faint</p></main></body></html>',
  );
  const { blocking } = await axeFindings(page, 'a planted page');
  expect(blocking.map((finding) => finding.rule).sort()).toEqual(['color-contrast', 'image-alt']);
});

/**
 * Disabled Continue (blank field) must look less active than enabled Continue: the enabled one stands
 * out from the page (>= 3:1 against the canvas, WCAG's non-text contrast) with legible text, the
 * disabled one nearly merges with the page and its text is fainter. Leaves the field blank again.
 */
async function expectDisabledContinueLooksInactive(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Continue' });
  const looks = () =>
    button.evaluate((node) => {
      const style = getComputedStyle(node);
      const canvas = getComputedStyle(document.documentElement).getPropertyValue('--color-canvas').trim();
      return { background: style.backgroundColor, text: style.color, canvas };
    });
  await expect(button).toBeDisabled();
  const disabled = await looks();
  // One field in cm (an en-US browser starts in feet and inches: two fields); the walk then picks its own unit.
  await page.getByRole('radio', { name: 'cm', exact: true }).check();
  await page.getByRole('textbox').fill('170');
  await expect(button).toBeEnabled();
  await settled(page);
  const enabled = await looks();
  await page.getByRole('textbox').fill('');
  expect(contrast(enabled.background, enabled.canvas), 'enabled Continue against the page').toBeGreaterThanOrEqual(3);
  expect(contrast(enabled.text, enabled.background), 'enabled Continue text').toBeGreaterThanOrEqual(4.5);
  expect(contrast(disabled.background, disabled.canvas), 'disabled Continue against the page').toBeLessThan(1.5);
  expect(contrast(disabled.text, disabled.background), 'disabled Continue text').toBeLessThan(contrast(enabled.text, enabled.background));
}

/** WCAG contrast ratio of two CSS colours given as rgb()/rgba() or #rrggbb. */
function contrast(first: string, second: string): number {
  const [a, b] = [luminance(first), luminance(second)].sort((x, y) => y - x);
  return ((a ?? 0) + 0.05) / ((b ?? 0) + 0.05);
}

function luminance(colour: string): number {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  const channels = hex ? hex.slice(1, 4).map((part) => parseInt(part, 16)) : (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const [r = 0, g = 0, b = 0] = channels.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The Arabic heading, or the English one where Arabic lacks the key (i18next's fallback language). */
function headingIn(key: string): string {
  const text = arabic.lookup(key) ?? english.lookup(key);
  if (text === undefined) throw new Error(`no text for ${key}`);
  return text;
}

function englishText(key: string): string {
  const text = english.lookup(key);
  if (text === undefined) throw new Error(`no English text for ${key}`);
  return text;
}
