import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { TranslationCatalog } from '../../engine/translation-catalog';
import { compiledFlows } from '../e2e/support/compiled-flows';
import { uniqueEmail } from '../e2e/support/account-stack';
import { becomeVisitorOf, pathOf, realisticAnswers, walk } from '../e2e/support/funnel-walker';
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

const english = catalogOf('en');
const arabic = catalogOf('ar');

/** Collects axe findings over a test; fails at the end on WCAG A/AA and serious/critical ones, prints the rest. */
class FindingLog {
  private readonly blocking: AxeFinding[] = [];
  private readonly reported: AxeFinding[] = [];

  async check(page: Page, where: string): Promise<void> {
    const result = await axeFindings(page, where);
    this.blocking.push(...result.blocking);
    this.reported.push(...result.reported);
  }

  finish(title: string): void {
    // The full list of minor and moderate findings goes to the test output (and the report), not only a count.
    const text = this.reported.length > 0 ? formatFindings(this.reported) : 'none';
    console.log(`axe, minor and moderate findings, ${title}:\n${text}`);
    test.info().annotations.push({ type: 'axe minor/moderate', description: `${this.reported.length}` });
    expect(formatFindings(this.blocking), `WCAG A/AA and serious or critical axe violations, ${title}`).toBe('');
  }
}

const { flows } = compiledFlows();

for (const flow of [...flows.values()].sort((a, b) => a.id.localeCompare(b.id))) {
  test.describe(`${flow.id} flow`, () => {
    test(`every step passes axe in English`, async ({ page, context, baseURL }) => {
      test.setTimeout(60_000 + flow.steps.length * 15_000);
      const log = new FindingLog();
      await becomeVisitorOf(context, baseURL ?? '', flow.id);
      await page.goto(`${flow.basePath}?lng=en`);
      // v1/v2 sign up for real on their password step: a fresh address each run.
      await walk(page, flow, { ...realisticAnswers, email: uniqueEmail(`axe-${flow.id}`) }, {
        onStep: async (step) => {
          await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
          await log.check(page, `${step.path} (en)`);
        },
      });
      log.finish(`${flow.id}, en`);
    });

    test(`every step passes axe in Arabic, right to left`, async ({ page, context, baseURL }) => {
      test.setTimeout(60_000 + flow.steps.length * 20_000);
      const log = new FindingLog();
      await becomeVisitorOf(context, baseURL ?? '', flow.id);
      // Answer every step first (in English, where the walker finds controls by name), so every step's
      // URL opens instead of redirecting to the first unanswered one.
      // The last step is shown but not answered: answering it would sign up (v1/v2), and the funnel's
      // entry check sends a signed-in visitor to checkout instead of back into the funnel.
      // The page's clock runs at real speed but counts performance.now from here across page loads, so the
      // step URLs below open past the root layout's 1 s spinner instead of each waiting up to a real second
      // (the spinner rule has its own test in tests/e2e/funnel-navigation.spec.ts).
      await page.clock.install();
      await page.goto(`${flow.basePath}?lng=en`);
      await walk(page, flow, realisticAnswers, { until: flow.steps.at(-1)?.id });
      for (const step of flow.steps) {
        await page.goto(`${step.path}?lng=ar`);
        await expect.poll(() => pathOf(page)).toBe(step.path);
        await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await expect(page.getByRole('heading', { level: 1, name: headingIn(step.headingKey), exact: true })).toBeVisible();
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
