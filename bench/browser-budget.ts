import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { debianChromium } from '../tests/support/debian-chromium';
import { isTelemetryRequest } from '../tests/support/is-telemetry-request';

export interface LoadedFile {
  readonly file: string;
  readonly gzipBytes: number;
}

export interface BrowserBudget {
  /** JavaScript requested before the first step could take a tap (the app's `app-ready` mark). */
  readonly firstStepScripts: readonly LoadedFile[];
  /** JavaScript requested after that while the first step sat idle (telemetry, the next steps' prefetch). */
  readonly prefetchedScripts: readonly LoadedFile[];
  /**
   * Requests between answering the first question step and the second one showing, other than chunks,
   * images and telemetry (the Snowplow collector's tp2 posts, Sentry envelopes), which no step waits for.
   */
  readonly requestsBetweenSteps: readonly string[];
}

/**
 * Loads the funnel's first step in Debian's chromium the way a visitor from an ad does (its
 * prerendered page) and measures what it costs: the gzip size of every script requested before the
 * app had what the step needs to take a tap (the budget's "first step's JavaScript", lazy chunks
 * included), and any request other than a chunk or an image made between two question steps.
 *
 * Scripts are sorted by when the page requested them, on the page's own clock (resource timing against
 * `app-ready`, which screens/main.tsx marks once the route's data and code and the translations are
 * there): the prerendered heading shows before any script, and the root spinner hides it from
 * Playwright for a second, long enough for telemetry to load.
 */
export async function browserBudget(baseUrl: string, visitorId: string, firstStepPath: string): Promise<BrowserBudget> {
  const browser = await chromium.launch(debianChromium);
  try {
    const context = await browser.newContext({ locale: 'en-GB' });
    // A fixed visitor, so every run measures the same flow.
    await context.addCookies([{ name: 'cnfdVisitorId', value: visitorId, url: baseUrl }]);
    const page = await context.newPage();
    const bodies = new Map<string, Promise<number | undefined>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const file = new URL(response.url()).pathname;
      bodies.set(file, response.body().then((body) => gzipSync(body, { level: 9 }).length, () => undefined));
    });
    await page.goto(new URL(firstStepPath, baseUrl).href);
    const heading = page.getByRole('heading', { level: 1 });
    await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0);
    // Settled before the tap, as the shared harness lets it: the heading shows once the root spinner is
    // gone; what loads after the first step (telemetry, consent, the next steps' prefetch) waits for
    // idle moments, with pauses longer than the network's quiet.
    await heading.waitFor();
    await page.waitForTimeout(2000);
    await page.waitForLoadState('networkidle');
    const requested = await page.evaluate(() => {
      const ready = performance.getEntriesByName('app-ready')[0]?.startTime ?? Number.POSITIVE_INFINITY;
      return performance.getEntriesByType('resource').map((entry) => ({ file: new URL(entry.name).pathname, beforeReady: entry.startTime < ready }));
    });
    const firstStepScripts: LoadedFile[] = [];
    const prefetchedScripts: LoadedFile[] = [];
    for (const { file, beforeReady } of requested) {
      const gzipBytes = await bodies.get(file);
      if (gzipBytes !== undefined) (beforeReady ? firstStepScripts : prefetchedScripts).push({ file, gzipBytes });
    }

    const requestsBetweenSteps: string[] = [];
    page.on('request', (request) => {
      const type = request.resourceType();
      const path = new URL(request.url()).pathname;
      // Analytics and error reports are fire-and-forget beacons: nothing waits for them.
      if (type !== 'script' && type !== 'image' && !isTelemetryRequest(path)) requestsBetweenSteps.push(`${request.method()} ${path} (${type})`);
    });
    const firstHeading = await heading.textContent();
    // The first step is a single choice (gender); its first option submits it.
    await page.locator('main button').first().click();
    await page.waitForFunction((previous) => document.querySelector('h1')?.textContent !== previous, firstHeading);
    await page.waitForLoadState('networkidle');
    return { firstStepScripts, prefetchedScripts, requestsBetweenSteps };
  } finally {
    await browser.close();
  }
}
