import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { assignVariant } from '../../engine/assign-variant';
import { resolveRequestBody } from '../../services/flags/boot-flag-resolve';
import { LOCAL_CONFIDENCE_CLIENT_SECRET } from '../../services/flags/flag-settings';
import { holdRootSpinner } from '../support/skip-root-spinner';
import { compiledFlows, flowById, visitorIdFor } from './support/compiled-flows';
import { holdEntryScript } from './support/hold-entry-script';
import { pathOf, stepHeading } from './support/funnel-walker';

const RESOLVE_PATH = /\/confidence\/v1\/flags:resolve$/;
const baselineFirstStep = (): string => flowById('default').steps[0]?.path ?? '';

/** Every resolve request's body, in order. */
function resolveBodies(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (RESOLVE_PATH.test(request.url())) bodies.push(request.postData() ?? '');
  });
  return bodies;
}

/**
 * Records, from the first frame, every question heading the visitor could see (inside #root, not
 * hidden by the spinner's hold or `display: none`): the page's path at that frame, whether the heading
 * is the HTML's own (prerendered) or the app's, and its text. Also sums the layout shifts.
 */
async function recordVisibleHeadings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const shifts: number[] = [];
    Reflect.set(window, '__seenHeadings', seen);
    Reflect.set(window, '__layoutShifts', shifts);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push(Number(Reflect.get(entry, 'value')));
    }).observe({ type: 'layout-shift', buffered: true });
    // The HTML's own headings: those in the page before the app has rendered anything (its `app-ready`).
    const fromHtml = new WeakSet<Element>();
    const look = (): void => {
      const appStarted = performance.getEntriesByName('app-ready').length > 0;
      for (const heading of document.querySelectorAll('#root h1')) {
        if (!appStarted) fromHtml.add(heading);
        if (!heading.checkVisibility({ visibilityProperty: true })) continue;
        const entry = `${location.pathname} ${fromHtml.has(heading) ? 'html' : 'app'} ${heading.textContent}`;
        if (seen.at(-1) !== entry) seen.push(entry);
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

async function seenHeadings(page: Page): Promise<string[]> {
  const seen: unknown = await page.evaluate((): unknown => Reflect.get(window, '__seenHeadings'));
  return Array.isArray(seen) ? seen.map(String) : [];
}

async function layoutShifts(page: Page): Promise<number[]> {
  const shifts: unknown = await page.evaluate((): unknown => Reflect.get(window, '__layoutShifts'));
  return Array.isArray(shifts) ? shifts.map(Number) : [];
}

/** Ends the (held) root spinner at once: its two CSS animations, on the document timeline. */
async function endRootSpinner(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation instanceof CSSAnimation && (animation.animationName === 'boot-spinner-done' || animation.animationName === 'boot-hold')) animation.finish();
    }
  });
  // Two frames: the spinner's end is painted, and the recorder has looked at it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test.describe('the flag lookup starts from the HTML (issue 14)', () => {
  test('a new visitor: one resolve request, sent by the page\'s inline script (not the app\'s code), for the visitor cookie the app then keeps', async ({ page, context }) => {
    const bodies = resolveBodies(page);
    const applies: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/confidence/v1/flags:apply')) applies.push(request.postData() ?? '');
    });
    // Who started each resolve request: the script URLs on its initiator's stack (Chromium's DevTools protocol).
    const initiators: string[][] = [];
    const cdp = await context.newCDPSession(page);
    cdp.on('Network.requestWillBeSent', (event) => {
      if (RESOLVE_PATH.test(event.request.url)) initiators.push((event.initiator.stack?.callFrames ?? []).map((frame) => frame.url));
    });
    await cdp.send('Network.enable');
    await page.goto('/onboarding/gender');
    await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0);
    await expect(stepHeading(page)).toBeVisible();

    // The provider used the page's request instead of sending its own.
    expect(bodies).toHaveLength(1);
    const visitorId = (await context.cookies()).find((cookie) => cookie.name === 'cnfdVisitorId')?.value;
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(bodies[0] ?? '')).toEqual({ clientSecret: expect.any(String), evaluationContext: { visitor_id: visitorId, targeting_key: visitorId }, apply: false, flags: [] });
    // Sent from the HTML's own script, in parallel with the app's code, not by any chunk of it.
    expect(initiators).toHaveLength(1);
    expect(initiators[0]?.length).toBeGreaterThan(0);
    expect(initiators[0]?.every((url) => new URL(url).pathname === '/onboarding/gender')).toBe(true);

    // The visitor is on the flow the resolver gives this cookie.
    const { variants } = compiledFlows();
    const flowId = variants.variants[assignVariant(`${variants.flag}:${visitorId ?? ''}`, variants.allocation) ?? variants.defaultVariant] ?? '';
    await expect.poll(() => pathOf(page)).toBe(flowById(flowId).steps[0]?.path);

    // The flow came from the page's answer: the flag SDK is not needed to paint or answer the first
    // step, so its chunk starts only once the spinner has ended; then it evaluates that same answer
    // (no second resolve) and applies the variant shown.
    await expect.poll(() => applies.length).toBe(1);
    const { spinnerEnd, sdkStarts } = await page.evaluate(() => {
      const animation = document.querySelector('.boot-spinner')?.getAnimations()[0];
      const end = animation?.effect?.getComputedTiming().endTime;
      return {
        spinnerEnd: typeof animation?.startTime === 'number' && typeof end === 'number' ? animation.startTime + end : undefined,
        sdkStarts: performance.getEntriesByType('resource').filter((entry) => /\/assets\/confidence-flag-provider-[^/]+\.js$/.test(entry.name)).map((entry) => entry.startTime),
      };
    });
    expect(spinnerEnd).toBeGreaterThanOrEqual(1_000);
    expect(sdkStarts).toHaveLength(1);
    expect(sdkStarts[0]).toBeGreaterThanOrEqual(spinnerEnd ?? Infinity);
    expect(bodies).toHaveLength(1);
  });

  test('a visitor of another flow never sees the baseline step, even when the app\'s code arrives after the spinner; nor on a later visit', async ({ page, context, baseURL, request }) => {
    const visitorId = visitorIdFor('v1', undefined, `boot-${randomUUID()}`);
    await context.addCookies([{ name: 'cnfdVisitorId', value: visitorId, url: baseURL ?? '' }]);
    const bodies = resolveBodies(page);
    const answer = await (await request.post('/confidence/v1/flags:resolve', { data: resolveRequestBody(LOCAL_CONFIDENCE_CLIENT_SECRET, visitorId) })).text();
    await recordVisibleHeadings(page);
    await holdRootSpinner(page);
    const v1First = flowById('v1').steps[0]?.path ?? '';

    /**
     * Opens the baseline's first step with the app's code held until the spinner has ended: the page
     * must keep the baseline markup hidden (once the resolver answered, or at once for a remembered
     * variant), and then only the app's render of the visitor's flow may ever be visible (not the
     * baseline's HTML, not even on the new path for a frame before React's first commit); nothing moves.
     */
    const openThroughBaselineUrl = async (): Promise<void> => {
      await page.unrouteAll();
      // The stack's own answer for this visitor, given at once: a resolver slowed past the lookup's
      // budget by a busy machine would send the visitor to baseline, which is not what this tests.
      await page.route(RESOLVE_PATH, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: answer }));
      const entry = await holdEntryScript(page);
      await page.goto(baselineFirstStep(), { waitUntil: 'commit' });
      await expect(page.locator('html')).toHaveClass(/boot-translating/);
      await endRootSpinner(page);
      expect(await seenHeadings(page)).toEqual([]);
      // The wait looks like the splash it follows: the splash (its wordmark) stays until the app renders.
      await expect(page.locator('.boot-spinner .wordmark')).toBeVisible();
      entry.release();
      await expect.poll(() => pathOf(page)).toBe(v1First);
      await expect(stepHeading(page)).toBeVisible();
      await expect(page.locator('html')).not.toHaveClass(/boot-translating/);
      await expect(page.locator('.boot-spinner')).toBeHidden();
      expect(await seenHeadings(page)).toEqual([`${v1First} app ${(await stepHeading(page).textContent()) ?? ''}`]);
      expect(await layoutShifts(page)).toEqual([]);
    };

    await openThroughBaselineUrl();
    expect(bodies).toHaveLength(1);
    // A later visit through the baseline URL (an ad link): the remembered variant, no lookup, no flash.
    await openThroughBaselineUrl();
    expect(bodies).toHaveLength(1);
  });

  test('a baseline visitor sees the step from the HTML at the spinner\'s end, before the app\'s code has arrived', async ({ page, context, baseURL }) => {
    // The control for the test above: the same hold shows the baseline step to the visitor it is for.
    await context.addCookies([{ name: 'cnfdVisitorId', value: visitorIdFor('default', undefined, `boot-${randomUUID()}`), url: baseURL ?? '' }]);
    await recordVisibleHeadings(page);
    await holdRootSpinner(page);
    const entry = await holdEntryScript(page);
    // The page's own lookup (the app's code is held) has answered before the spinner ends.
    const answered = page.waitForResponse(RESOLVE_PATH, { timeout: 10_000 });
    await page.goto(baselineFirstStep(), { waitUntil: 'commit' });
    await answered;
    await endRootSpinner(page);
    await expect.poll(() => seenHeadings(page)).toEqual([`${baselineFirstStep()} html What's your gender?`]);
    await expect(page.locator('html')).not.toHaveClass(/boot-translating/);
    entry.release();
    await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0);
    await expect(stepHeading(page)).toHaveText("What's your gender?");
    expect(pathOf(page)).toBe(baselineFirstStep());
  });
});

test('a visitor in another language never sees the English HTML, and nothing moves when the app shows theirs', async ({ page, context, baseURL }) => {
  // The same hold as for another flow (boot-translating), started by the language instead.
  await context.addCookies([{ name: 'cnfdVisitorId', value: visitorIdFor('default', undefined, `boot-${randomUUID()}`), url: baseURL ?? '' }]);
  await recordVisibleHeadings(page);
  await page.goto(`${baselineFirstStep()}?lng=de`);
  await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('html')).not.toHaveClass(/boot-translating/);
  const heading = (await stepHeading(page).textContent()) ?? '';
  expect(heading).not.toBe("What's your gender?");
  expect(await seenHeadings(page)).toEqual([`${baselineFirstStep()} app ${heading}`]);
  expect(await layoutShifts(page)).toEqual([]);
});
