import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { debianChromium } from '../tests/support/debian-chromium';
import { isTelemetryRequest } from '../tests/support/is-telemetry-request';

export interface LoadedFile {
  readonly file: string;
  readonly gzipBytes: number;
}

export interface BrowserBudget {
  /** JavaScript the browser had fetched when the first step's heading showed. */
  readonly firstStepScripts: readonly LoadedFile[];
  /** JavaScript fetched after that while the first step sat idle (prefetch of the next steps). */
  readonly prefetchedScripts: readonly LoadedFile[];
  /**
   * Requests between answering the first question step and the second one showing, other than chunks,
   * images and telemetry (the Snowplow collector's tp2 posts, Sentry envelopes), which no step waits for.
   */
  readonly requestsBetweenSteps: readonly string[];
}

/**
 * Loads the funnel in Debian's chromium the way a visitor does and measures what it costs: the
 * gzip size of every script fetched until the first step shows (the budget's "first step's
 * JavaScript", lazy chunks included), and any request other than a chunk or an image made between two
 * question steps.
 */
export async function browserBudget(baseUrl: string, visitorId: string): Promise<BrowserBudget> {
  const browser = await chromium.launch(debianChromium);
  try {
    const context = await browser.newContext({ locale: 'en-GB' });
    // A fixed visitor, so every run measures the same flow.
    await context.addCookies([{ name: 'cnfdVisitorId', value: visitorId, url: baseUrl }]);
    const page = await context.newPage();
    let firstStepShown = false;
    const firstStepScripts: LoadedFile[] = [];
    const prefetchedScripts: LoadedFile[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const bucket = firstStepShown ? prefetchedScripts : firstStepScripts;
      const file = new URL(response.url()).pathname;
      pending.push(response.body().then((body) => void bucket.push({ file, gzipBytes: gzipSync(body, { level: 9 }).length }), () => {}));
    });
    await page.goto(`${baseUrl}/onboarding`);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    // The prerendered heading shows without any script: the step counts as shown once the app has
    // everything it needs to run it (screens/main.tsx marks app-ready) and the response bodies are in.
    await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0);
    firstStepShown = true;
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);

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
