import { fileURLToPath } from 'node:url';
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { z } from 'zod';
import { compileFlowProject } from '../../engine/compile-flow-project';
import { screenKinds } from '../../engine/flow-schema';
import { readFlowProject } from '../../engine/read-flow-project';
import { supportedLanguages, textDirection } from '../../services/i18n/supported-languages';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What the test reads of Storybook's preview in the page: its channel and its current render. */
declare global {
  interface Window {
    __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, payload: unknown): void };
    __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } };
  }
}

const storyIndexSchema = z.object({
  entries: z.record(z.string(), z.object({ id: z.string(), type: z.string(), title: z.string(), name: z.string() })),
});

/** How long one story may take from navigation to a finished render with its images loaded. */
const STORY_TIMEOUT_MS = 20_000;

/** STORYBOOK_TEST_LOCALES=en,ar: every story in exactly those toolbar languages. */
const chosenLocales = (process.env.STORYBOOK_TEST_LOCALES ?? '')
  .split(',')
  .map((locale) => locale.trim())
  .filter((locale) => locale !== '');
const otherLanguages = supportedLanguages.filter((language) => language !== 'en');

/**
 * The toolbar languages story number `index` renders in. By default English, and one more language
 * taken in turn from the other 19, so every language renders about six stories each run (every story
 * in all 20 would take some 20 minutes).
 */
function localesFor(index: number): readonly string[] {
  if (chosenLocales.length > 0) return chosenLocales;
  return ['en', otherLanguages[index % otherLanguages.length] ?? 'ar'];
}

test('every story renders without a render error, console error or page error', async ({ page }) => {
  const response = await page.request.get('/index.json');
  expect(response.ok()).toBe(true);
  const stories = Object.values(storyIndexSchema.parse(await response.json()).entries).filter((entry) => entry.type === 'story');

  // Every step of every compiled flow has its story (the index is generated from the same flows).
  const ids = new Set(stories.map((story) => story.id));
  const order = process.env.FLOW_ORDER?.trim() || undefined;
  const project = compileFlowProject(readFlowProject(root), order === undefined ? {} : { order });
  const missing: string[] = [];
  for (const flow of project.flows.values()) {
    for (const step of flow.steps) {
      const base = `flows-${storyIdPart(flow.id)}--${storyIdPart(step.id)}`;
      // A female and a male story for gendered backgrounds and option icons (body silhouettes).
      const gendered = (step.background !== undefined && 'female' in step.background) || (step.options ?? []).some((option) => typeof option.icon === 'object');
      const expected = gendered ? [`${base}-female`, `${base}-male`] : [base];
      missing.push(...expected.filter((id) => !ids.has(id)));
    }
  }
  expect(missing, 'flow steps without a story').toEqual([]);
  const kindsWithoutStory = screenKinds.filter((kind) => !ids.has(`screens-kinds--${storyIdPart(kind)}`));
  expect(kindsWithoutStory, 'screen kinds without a story').toEqual([]);

  const failures: string[] = [];
  const started = Date.now();
  // Language by language, as a designer browses: Storybook's preview loads once and switches stories
  // (and the toolbar language) in place, the way its sidebar does; after a story that failed, the next
  // one starts from a fresh page so one failure cannot hide behind another.
  const renders = stories.flatMap((story, index) => localesFor(index).map((locale) => ({ story, locale })));
  const byLocale = new Map<string, typeof renders>();
  for (const render of renders) byLocale.set(render.locale, [...(byLocale.get(render.locale) ?? []), render]);
  let fresh = true;
  for (const [locale, group] of byLocale) {
    for (const { story } of group) {
      const problems = await renderStory(page, story.id, locale, fresh);
      fresh = problems.length > 0;
      if (problems.length > 0) failures.push(`${story.title} / ${story.name} (${story.id}, ${locale}):\n    ${problems.join('\n    ')}`);
    }
  }
  const rendered = new Set(byLocale.keys());
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`storybook: ${stories.length} stories rendered in ${[...rendered].join(', ')}, ${failures.length} failed (${seconds} s)`);
  if (chosenLocales.length === 0) expect([...rendered].sort(), 'every language renders some stories').toEqual([...supportedLanguages].sort());
  expect(failures, failures.join('\n')).toEqual([]);
});

/**
 * Shows one story in the static build's iframe and returns what went wrong (nothing when it rendered):
 * on a fresh page load, or switched to in the loaded preview through its channel (the events Storybook's
 * manager sends when the sidebar or the toolbar changes).
 */
async function renderStory(page: Page, storyId: string, locale: string, fresh: boolean): Promise<string[]> {
  const problems: string[] = [];
  const onConsole = (message: ConsoleMessage): void => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    problems.push(`console error: ${message.text()}${url ? ` (${url})` : ''}`);
  };
  const onPageError = (error: Error): void => {
    problems.push(`page error: ${error.message}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  try {
    if (fresh) {
      const globals = locale === 'en' ? '' : `&globals=locale:${encodeURIComponent(locale)}`;
      await page.goto(`/iframe.html?id=${encodeURIComponent(storyId)}&viewMode=story${globals}`, { waitUntil: 'domcontentloaded' });
    } else {
      await page.evaluate(
        ([id, language]) => {
          const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
          if (channel === undefined) throw new Error('the preview has no Storybook channel');
          channel.emit('updateGlobals', { globals: { locale: language } });
          channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
        },
        [storyId, locale] as const,
      );
    }
    // Storybook's own render state of this story: finished, or errored (error display), or it failed to load.
    await page.waitForFunction(
      (id) => {
        const render = window.__STORYBOOK_PREVIEW__?.currentRender;
        const phase = render?.id === id ? render.phase : undefined;
        return phase === 'finished' || phase === 'errored' || phase === 'aborted' || document.body.classList.contains('sb-show-errordisplay');
      },
      storyId,
      { timeout: STORY_TIMEOUT_MS },
    );
    const phase = await page.evaluate('window.__STORYBOOK_PREVIEW__?.currentRender?.phase');
    const errorShown = (await page.locator('body.sb-show-errordisplay').count()) > 0;
    if (errorShown || phase !== 'finished') {
      const message = (await page.locator('#error-message').textContent())?.trim() ?? '';
      problems.push(`${errorShown ? 'render error' : `render ${String(phase)}`}${message ? `: ${message}` : ''}`);
      return problems;
    }
    // A lazy screen chunk shows the app's spinner first; the story is rendered when it is gone.
    await page.locator('#storybook-root .loading').waitFor({ state: 'detached', timeout: STORY_TIMEOUT_MS });
    if ((await page.locator('#storybook-root > *').count()) === 0) problems.push('#storybook-root is empty');
    // The toolbar language reached the page: texts, and right to left where the language needs it.
    const [lang, dir] = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
    if (lang !== locale || dir !== textDirection(locale)) problems.push(`<html lang="${lang}" dir="${dir}">, expected ${locale} ${textDirection(locale)}`);
    // Images (v2 backgrounds) must load: a missing file is what a designer would see as a broken step.
    const broken = await page.evaluate(async () => {
      const images = [...document.querySelectorAll<HTMLImageElement>('#storybook-root img')];
      await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
      return images.filter((image) => image.naturalWidth === 0).map((image) => image.getAttribute('src') ?? '');
    });
    problems.push(...broken.map((src) => `image did not load: ${src}`));
  } catch (error) {
    problems.push(`did not finish rendering: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  }
  return problems;
}

/** Storybook's id part: kebab-case of the title segment or export name (CSF's `sanitize`/`toId`). */
function storyIdPart(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase()
    .replace(/^-+|-+$/g, '');
}
