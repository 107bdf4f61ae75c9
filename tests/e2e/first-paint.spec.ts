import { expect, test, type Page } from '@playwright/test';
import { holdRootSpinner, skipRootSpinner } from '../support/skip-root-spinner';
import { becomeVisitorOf, pathOf, stepHeading } from './support/funnel-walker';

/**
 * Issue 14: the first step is painted from the HTML. These check behaviour, never timings: what the
 * HTML shows with no JavaScript at all, that the app then hydrates that markup instead of replacing
 * it, that nothing the first step needs is requested only once the app's code runs, and that the
 * server sends the precompressed files.
 */
test.beforeEach(async ({ context, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the first step shows its question: heading, options and progress from the HTML alone', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (/\.js$/.test(request.url())) scripts.push(request.url());
    });
    const response = await page.goto('/onboarding/gender');
    expect(response?.headers()['content-encoding']).toBe('br');
    // Shown once the CSS spinner ends (the wait needs no script either).
    await expect(stepHeading(page)).toHaveText("What's your gender?");
    await expect(page.getByRole('button', { name: 'Female', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Male', exact: true })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuetext', 'Step 1 of 23');
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(await page.title()).toBe('Your personal nutrition plan');
    // The spinner's screen carries the brand (the first contentful paint comes before the step's).
    await expect(page.locator('.boot-spinner .wordmark svg')).toHaveCount(1);
    // The scripts only hydrate what the HTML paints: the HTML holds them as inert tags, which the boot
    // script starts after the first paint; without JavaScript none is ever fetched.
    expect(await page.locator('script[type="module"], link[rel="modulepreload"]').count()).toBe(0);
    expect(await page.locator('script[data-after-paint="module"]').count()).toBe(1);
    expect(await page.locator('link[data-after-paint="modulepreload"]').count()).toBeGreaterThan(0);
    expect(await page.locator('link[data-after-paint="preload"][as="fetch"][href^="/locales/en/"]').count()).toBeGreaterThan(0);
    expect(scripts).toEqual([]);
  });
});

test('the app hydrates the prerendered step (no mismatch, no DOM replaced), having requested nothing late', async ({ page }) => {
  // From the first byte: every change React makes inside #root, and every console complaint.
  await page.addInitScript(() => {
    const changes: string[] = [];
    Reflect.set(window, '__rootChanges', changes);
    document.addEventListener('readystatechange', () => {
      const root = document.getElementById('root');
      if (!root || document.readyState !== 'interactive') return;
      new MutationObserver((records) => {
        for (const record of records) changes.push(`${record.type} in <${record.target.nodeName.toLowerCase()}> ${record.attributeName ?? ''}`);
      }).observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  });
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') complaints.push(message.text());
  });
  page.on('pageerror', (error) => complaints.push(error.message));
  const entryEncodings: (string | undefined)[] = [];
  page.on('response', (response) => {
    if (/\/assets\/index-[^/]+\.js$/.test(response.url())) entryEncodings.push(response.headers()['content-encoding']);
  });

  await page.goto('/onboarding/gender');
  // main.tsx marks the moment it hands the loaded step to React: everything the step needs is there.
  await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0);
  await expect(stepHeading(page)).toHaveText("What's your gender?");
  await page.waitForLoadState('networkidle');

  expect(complaints).toEqual([]);
  // Hydration adopts the server's nodes as they are: had React found a mismatch, it would have
  // re-created the tree (childList changes) or patched text.
  expect(await page.evaluate((): unknown => Reflect.get(window, '__rootChanges'))).toEqual([]);
  expect(entryEncodings).toEqual(['br']);

  // Every chunk and translation file the first step used started before the entry script had even
  // finished arriving: the HTML (modulepreload, the boot script's preloads) asked for it, not the app.
  const late = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource').filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming);
    const entry = resources.find((resource) => /\/assets\/index-[^/]+\.js$/.test(resource.name));
    const ready = performance.getEntriesByName('app-ready')[0];
    if (!entry || !ready) return ['no entry script or no app-ready mark'];
    return resources
      .filter((resource) => /\/assets\/.+\.js$|\/locales\//.test(resource.name))
      .filter((resource) => resource.startTime > entry.responseEnd && resource.startTime < ready.startTime)
      .map((resource) => new URL(resource.name).pathname);
  });
  expect(late).toEqual([]);
  // ...and none of them before the first paint (the splash): they only serve the app, which starts after it.
  const beforePaint = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-paint')[0];
    if (!paint) return ['no first-paint entry'];
    return performance
      .getEntriesByType('resource')
      .filter((resource) => /\/assets\/.+\.js$|\/locales\//.test(resource.name) && resource.startTime < paint.startTime)
      .map((resource) => new URL(resource.name).pathname);
  });
  expect(beforePaint).toEqual([]);

  // Analytics, error reporting and the pixel load only after the CSS root spinner (1 s here) ended:
  // behind it the visitor waits, and nothing may compete with what they wait for (issue 12 section 1).
  const telemetry = /\/assets\/(snowplow-analytics|sentry-error-reporter|browser-conversion-tracking)-[^/]+\.js$|\/tp2$/;
  const telemetryTimes = async () =>
    page.evaluate((source) => {
      const pattern = new RegExp(source);
      const animation = document.querySelector('.boot-spinner')?.getAnimations()[0];
      const end = animation?.effect?.getComputedTiming().endTime;
      const started = performance.getEntriesByType('resource').filter((entry) => pattern.test(entry.name));
      return {
        spinnerEnd: typeof animation?.startTime === 'number' && typeof end === 'number' ? animation.startTime + end : undefined,
        starts: started.map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
      };
    }, telemetry.source);
  await expect.poll(async () => (await telemetryTimes()).starts.length, { message: 'the analytics chunk and its page view' }).toBeGreaterThanOrEqual(2);
  const { spinnerEnd, starts } = await telemetryTimes();
  expect(spinnerEnd).toBeGreaterThanOrEqual(1_000);
  expect(starts.filter((entry) => entry.start < (spinnerEnd ?? Infinity))).toEqual([]);
  // Error reporting fetches the Sentry SDK at the first error (decision 0255), and none happened: it
  // used to start with analytics, before the analytics chunk.
  expect(starts.filter((entry) => entry.url.includes('sentry-error-reporter'))).toEqual([]);
  // So does the prefetch of the next step (its screen chunk): nobody can leave a step they cannot see.
  const nextStep = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/company-screen-[^/]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  );
  expect(nextStep).toHaveLength(1);
  expect(nextStep[0]).toBeGreaterThanOrEqual(spinnerEnd ?? Infinity);

  // The hydrated step works: the first answer moves on.
  await page.getByRole('button', { name: 'Female', exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
});

test('a tap on the step before the app has taken the page over is answered once it has', async ({ page }) => {
  await skipRootSpinner(page);
  // The module that puts React on the page, held back: the step is painted, its buttons do nothing yet.
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(/\/assets\/mount-app-[\w-]+\.js$/, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  await page.goto('/onboarding/gender');
  await expect.poll(() => requested).toBe(true);
  await page.getByRole('button', { name: 'Female', exact: true }).click();
  expect(await page.evaluate(() => performance.getEntriesByName('app-ready').length)).toBe(0);
  await expect(page).toHaveURL(/\/onboarding\/gender$/);

  release();
  await expect(page).toHaveURL(/\/onboarding\/company$/);
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Female', exact: true, pressed: true })).toBeVisible();
});

test('the web font arriving late moves nothing: the step paints in the metric-matched fallback, then swaps in place', async ({ page }) => {
  // The Latin subset the HTML preloads, held back until the step has painted in the fallback.
  const release = await holdWebFont(page);
  // Layout shifts from the document's first moment; the spinner ends at once, so the fallback is on screen.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Reflect.set(window, '__layoutShifts', shifts);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if ('value' in entry && typeof entry.value === 'number') shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await skipRootSpinner(page);
  const manropeReady = () => page.evaluate(() => document.fonts.check('800 32px "Manrope Variable"', "What's your gender?"));

  // Not until `load`: the held font is one of the page's preloads.
  await page.goto('/onboarding/gender', { waitUntil: 'domcontentloaded' });
  await expect(stepHeading(page)).toHaveText("What's your gender?");
  await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0);
  expect(await manropeReady()).toBe(false);
  release();
  await expect.poll(manropeReady).toBe(true);
  // Two frames: the swap has been laid out and any shift reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // CLS as Lighthouse reports it (three decimals): 0. Sub-pixel differences between the fallback's
  // and the font's line boxes may report a shift of about 0.00001; a fallback that does not match
  // (size-adjust 120% instead of 104.5%) moves the options below the heading: 0.0017.
  const shifts = await page.evaluate((): unknown => Reflect.get(window, '__layoutShifts'));
  if (!Array.isArray(shifts)) throw new Error('no layout-shift entries recorded');
  expect(shifts.reduce((sum: number, value: unknown) => sum + Number(value), 0)).toBeLessThan(0.0005);
});

test('the splash\'s brand stays in place when the web font arrives under the spinner', async ({ page }) => {
  const release = await holdWebFont(page);
  await page.addInitScript(() => {
    const shifts: string[] = [];
    Reflect.set(window, '__layoutShifts', shifts);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const sources: unknown = Reflect.get(entry, 'sources');
        const nodes = Array.isArray(sources) ? sources.map((source: unknown) => String(Reflect.get(Object(Reflect.get(Object(source), 'node')), 'className'))) : [];
        shifts.push(`${String(Reflect.get(entry, 'value'))} ${nodes.join(' ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The font must arrive while the splash is what the visitor sees.
  await holdRootSpinner(page);
  await page.goto('/onboarding/gender', { waitUntil: 'domcontentloaded' });
  const brand = page.locator('.boot-spinner__brand');
  await expect(brand).toBeVisible();
  const manropeReady = () => page.evaluate(() => document.fonts.check('800 36px "Manrope Variable"', 'nutrio'));
  expect(await manropeReady()).toBe(false);
  const before = await brand.boundingBox();
  release();
  await expect.poll(manropeReady).toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await brand.boundingBox()).toEqual(before);
  expect(await page.evaluate((): unknown => Reflect.get(window, '__layoutShifts'))).toEqual([]);
});

/** Holds back the Latin Manrope file the HTML preloads; the returned function lets it through. */
async function holdWebFont(page: Page): Promise<() => void> {
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/manrope-latin-wght-normal-[\w-]+\.woff2$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
