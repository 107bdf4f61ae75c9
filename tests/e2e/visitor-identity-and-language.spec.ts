import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { assignVariant } from '../../engine/assign-variant';
import { LOCAL_CONFIDENCE_CLIENT_SECRET } from '../../services/flags/flag-settings';
import { rememberedVariantKey } from '../../services/flags/resolve-funnel-flow';
import { compiledFlows, flowById, servedFlowIds, stepOf, visitorIdFor } from './support/compiled-flows';
import { pathOf, stepHeading } from './support/funnel-walker';

/** The app asks for 5 years; Chromium stores at most 400 days and the app refreshes it every visit. */
const CHROMIUM_MAX_COOKIE_S = 400 * 24 * 60 * 60;

test.describe('visitor identity', () => {
  test('first visit sets cnfdVisitorId: a random UUID with the longest lifetime the browser allows, stable across reloads', async ({ page, context }) => {
    const written: string[] = [];
    await page.exposeFunction('recordCookieWrite', (raw: string) => void written.push(raw));
    await page.addInitScript(() => {
      const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
      Object.defineProperty(document, 'cookie', {
        get: (): unknown => descriptor?.get?.call(document),
        set: (raw: string) => {
          const record: unknown = Reflect.get(window, 'recordCookieWrite');
          if (typeof record === 'function') Reflect.apply(record, window, [raw]);
          descriptor?.set?.call(document, raw);
        },
      });
    });
    await page.goto('/');
    await expect(stepHeading(page)).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'cnfdVisitorId');
    expect(cookie?.value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(written.find((raw) => raw.startsWith('cnfdVisitorId='))).toContain('Max-Age=157680000');
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(Math.abs(lifetime - CHROMIUM_MAX_COOKIE_S)).toBeLessThan(3600);
    await page.reload();
    await expect(stepHeading(page)).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'cnfdVisitorId')?.value).toBe(cookie?.value);
  });

  test('fbclid in the landing URL is stored as fbc = fb.1.{timestamp}.{fbclid}', async ({ page }) => {
    const before = Date.now();
    await page.goto('/?utm_source=meta&fbclid=IwAR2xYz_Click-42');
    await expect(stepHeading(page)).toBeVisible();
    const fbc = await page.evaluate(() => localStorage.getItem('fbc'));
    const match = /^fb\.1\.(\d+)\.IwAR2xYz_Click-42$/.exec(fbc ?? '');
    expect(match, `fbc was ${fbc}`).not.toBeNull();
    const timestamp = Number(match?.[1]);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
    // The query string survived the redirects from / to the first step.
    expect(new URL(page.url()).searchParams.get('fbclid')).toBe('IwAR2xYz_Click-42');
  });
});

const FLAG_EXPOSURE = 'iglu:com.nutritionfunnel/flag_exposure/jsonschema/1-0-0';
const EXPERIMENT_EXPOSURE = 'iglu:com.nutritionfunnel/experiment_exposure/jsonschema/1-0-0';
const RESOLVE_PATH = /\/confidence\/v1\/flags:resolve$/;

/** The flag variant (flows/variants.yaml) that sends a visitor to `flowId`. */
function variantOf(flowId: string): string {
  const entry = Object.entries(compiledFlows().variants.variants).find(([, flow]) => flow === flowId);
  if (!entry) throw new Error(`no variant maps to ${flowId}`);
  return entry[0];
}

/** Counts the page's flag lookups (resolve requests to the stack's Confidence resolver). */
function countResolves(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (RESOLVE_PATH.test(request.url())) seen.count += 1;
  });
  return seen;
}

/**
 * The flag_exposure (or experiment_exposure) events the collector accepted for pages whose URL carries
 * `mark` (Micro's API), one per event id: the tracker keeps unsent events in local storage and sends
 * again what a reload cut off (at-least-once delivery, as with a real collector).
 */
async function exposuresMarked(request: APIRequestContext, mark: string, schema = FLAG_EXPOSURE): Promise<unknown[]> {
  const good = (await (await request.get('/micro/good')).json()) as Array<{
    schema: string | null;
    event: { event_id?: string; page_url?: string; unstruct_event_com_nutritionfunnel_flag_exposure_1?: unknown; unstruct_event_com_nutritionfunnel_experiment_exposure_1?: unknown };
  }>;
  const data = (e: (typeof good)[number]) => (schema === FLAG_EXPOSURE ? e.event.unstruct_event_com_nutritionfunnel_flag_exposure_1 : e.event.unstruct_event_com_nutritionfunnel_experiment_exposure_1);
  const byId = new Map(good.filter((e) => e.schema === schema && e.event.page_url?.includes(mark) === true).map((e) => [e.event.event_id, data(e)]));
  return [...byId.values()];
}

/**
 * Opens `path` with the page's clock stopped until the flag lookup has decided (the variant is
 * remembered in local storage), then lets the clock run: the lookup's 1000 ms are page timers, so a
 * resolver slowed down by a busy machine cannot time out a test that needs the resolver's answer. The
 * timeout has its own tests (below, and the unit tests).
 */
async function openWithLookupAnswered(page: Page, path: string): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 1000));
  await page.goto(path);
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), rememberedVariantKey(compiledFlows().variants.flag)), { timeout: 15_000 }).not.toBeNull();
  await page.clock.resume();
}

test.describe('variant chosen by the flag cc-feedback-redesign (Confidence resolver of the stack)', () => {
  // Every flow the flag can choose, from the compiled variants: a new variant is covered without an edit here.
  for (const flowId of servedFlowIds()) {
    test(`a visitor assigned to ${flowId} lands on ${flowId} with the query string, keeps it without another lookup; the exposure is applied and recorded`, async ({ page, context, baseURL, request }) => {
      const flow = flowById(flowId);
      // An id of its own: the exposures listed below are this test's only.
      const mark = `flag-${randomUUID()}`;
      const visitorId = visitorIdFor(flowId, undefined, mark);
      await context.addCookies([{ name: 'cnfdVisitorId', value: visitorId, url: baseURL ?? '' }]);
      const resolves = countResolves(page);
      await openWithLookupAnswered(page, `/?utm_campaign=${mark}`);
      await expect(page).toHaveURL(new RegExp(`${flow.steps[0]?.path ?? ''}\\?utm_campaign=${mark}$`));
      await expect(stepHeading(page)).toBeVisible();
      // The exposure event is sent once the tracker has loaded after the first paint: read it before leaving.
      await expect
        .poll(() => exposuresMarked(request, mark), { timeout: 15_000 })
        .toEqual([{ flag: 'cc-feedback-redesign', variant: variantOf(flowId), flow: flowId, fallback: false }]);
      // The experiment running on the flag (experiments/cc-feedback-redesign.yaml), with the visitor id sign-up stores.
      await expect
        .poll(() => exposuresMarked(request, mark, EXPERIMENT_EXPOSURE), { timeout: 15_000 })
        .toEqual([{ experiment: 'cc-feedback-redesign', variant: variantOf(flowId), visitor_id: visitorId }]);
      // Confidence's apply (the exposure) reached the resolver. Read before leaving the page too: the SDK
      // evaluates after the first paint and batches applies for 250 ms, so the analytics event can come
      // first, and a page left within that window takes the pending apply with it (docs/decisions/0005-resolve-with-apply-false.md).
      const applied = async () =>
        ((await (await request.get('/_dev/confidence/applied')).json()) as Array<{ visitorId: string; flag: string; variant: string }>)
          .filter((exposure) => exposure.visitorId === visitorId)
          .map(({ flag, variant }) => ({ flag, variant }));
      await expect.poll(applied, { timeout: 10_000 }).toEqual([{ flag: 'cc-feedback-redesign', variant: variantOf(flowId) }]);
      // Through the default flow's loader again (where the lookup happens), not a reload of the flow's URL.
      await page.goto(`/?utm_campaign=${mark}`);
      await expect(page).toHaveURL(new RegExp(`${flow.steps[0]?.path ?? ''}\\?utm_campaign=${mark}$`));
      await expect(stepHeading(page)).toBeVisible();
      // The second load used the remembered variant: no second lookup, and so no second apply.
      expect(resolves.count).toBe(1);
      expect(await applied()).toEqual([{ flag: 'cc-feedback-redesign', variant: variantOf(flowId) }]);
    });
  }

  test('the assignment is the one the YAML allocation gives this visitor id', () => {
    // Guards the test above against a helper that would always pick the same variant.
    const { variants } = compiledFlows();
    const seen = new Set(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'].map(
        (id) => variants.variants[assignVariant(`${variants.flag}:${id}`, variants.allocation) ?? ''],
      ),
    );
    expect(seen.size).toBeGreaterThan(1);
  });

  test('a resolver that is down (dev faults flags:fail) means baseline: the default flow, only logged', async ({ page, context, baseURL }) => {
    await context.addCookies([
      { name: 'cnfdVisitorId', value: visitorIdFor('v2'), url: baseURL ?? '' },
      { name: 'dev-faults', value: 'flags:fail', url: baseURL ?? '' },
    ]);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const resolves = countResolves(page);
    await page.goto('/onboarding?ref=x');
    const first = flowById('default').steps[0];
    await expect(page).toHaveURL(new RegExp(`${first?.path ?? ''}\\?ref=x$`));
    await expect(stepHeading(page)).toBeVisible();
    // The lookup was made and failed (not skipped): a warning names the flag, nothing is shown.
    expect(resolves.count).toBe(1);
    expect(warnings.some((w) => w.includes('cc-feedback-redesign'))).toBe(true);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a hanging resolver: baseline after 1 s, and the visitor stays on baseline after a reload although the resolver is back and would say v1', async ({ page, context, baseURL, request }) => {
    const mark = `hang-${randomUUID()}`;
    const visitorId = visitorIdFor('v1', undefined, mark);
    const url = baseURL ?? '';
    await context.addCookies([
      { name: 'cnfdVisitorId', value: visitorId, url },
      { name: 'dev-faults', value: 'flags:hang', url },
    ]);
    const resolves = countResolves(page);
    // The page's clock: the 1000 ms timeout passes without waiting for it.
    await page.clock.install();
    const lookupSent = page.waitForRequest(RESOLVE_PATH);
    await page.goto(`/onboarding?utm_campaign=${mark}`);
    await lookupSent;
    await page.clock.runFor(1000);
    const first = flowById('default').steps[0];
    await expect(page).toHaveURL(new RegExp(`${first?.path ?? ''}\\?utm_campaign=${mark}$`));
    await expect(stepHeading(page)).toBeVisible();
    await expect
      .poll(() => exposuresMarked(request, mark), { timeout: 15_000 })
      .toEqual([{ flag: 'cc-feedback-redesign', variant: 'baseline', flow: 'default', fallback: true }]);
    // A fallback assigns nobody: no experiment exposure (sent, when it is, right after the flag's).
    expect(await exposuresMarked(request, mark, EXPERIMENT_EXPOSURE)).toEqual([]);

    // The resolver answers again, and for this visitor it says v1 ...
    await context.addCookies([{ name: 'dev-faults', value: 'flags:ok', url }]);
    const answer = await request.post('/confidence/v1/flags:resolve', {
      data: JSON.stringify({ clientSecret: LOCAL_CONFIDENCE_CLIENT_SECRET, evaluationContext: { targeting_key: visitorId }, flags: [] }),
    });
    expect(((await answer.json()) as { resolvedFlags: Array<{ value: unknown }> }).resolvedFlags[0]?.value).toEqual({ variant: variantOf('v1') });
    // ... but the visitor, mid-funnel, keeps the flow they were shown.
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`${first?.path ?? ''}\\?utm_campaign=${mark}$`));
    await expect(stepHeading(page)).toBeVisible();
    expect(resolves.count).toBe(1);
  });
});

test.describe('translation loading', () => {
  test('a 5xx is retried with backoff until it succeeds', async ({ page }) => {
    let calls = 0;
    const times: number[] = [];
    await page.route('**/locales/en/onboarding.json', async (route) => {
      calls += 1;
      times.push(Date.now());
      if (calls <= 2) return route.fulfill({ status: 503, body: 'busy' });
      return route.continue();
    });
    // A deep link is only shown when every step before it is answered: the gender step must open the
    // default flow, or the app would redirect and the heading below would belong to another step.
    expect(stepOf(flowById('default'), 'gender').index, 'gender is the first step of the default flow').toBe(0);
    await page.goto('/onboarding/gender?lng=en');
    // The step's English text comes with the HTML (prerendered), so its heading shows before the app's
    // translations arrive: wait for the third request, which succeeds, and then for the app's step.
    await expect.poll(() => calls).toBe(3);
    await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0);
    await expect(stepHeading(page)).toHaveText("What's your gender?");
    expect(calls).toBe(3);
    // 350 ms, then 700 ms (doubling); allow scheduling slack but not "no delay at all".
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(300);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(600);
  });

  test('a 4xx is not retried and the English fallback is shown', async ({ page }) => {
    let calls = 0;
    await page.route('**/locales/de/onboarding.json', (route) => {
      calls += 1;
      return route.fulfill({ status: 404, body: 'not found' });
    });
    // i18next schedules its retries with timers (350 ms, then doubling): the page's clock runs them.
    await page.clock.install();
    await page.goto('/onboarding/gender?lng=de');
    await expect(stepHeading(page)).toHaveText("What's your gender?");
    // Past every retry i18next would make (5 retries: 350 ms doubling is under 11 s), then one more
    // request from the page through the same route: it is handled after any retry the timers started.
    await page.clock.runFor(20_000);
    const probe = await page.evaluate(async () => (await fetch('/locales/de/onboarding.json', { cache: 'no-store' })).status);
    expect(probe).toBe(404);
    expect(calls, 'the first load and the probe, no retry').toBe(2);
    expect(pathOf(page)).toMatch(/\/gender$/);
  });

  test('only an explicit ?lng= choice is remembered, never the language detected from the browser', async ({ page }) => {
    // The browser says en-US: that must not be stored, or it would outrank a later browser language.
    await page.goto('/onboarding/gender');
    await expect(stepHeading(page)).toHaveText("What's your gender?");
    expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBeNull();
    await page.goto('/onboarding/gender?lng=de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe('de');
    // The choice holds on the next visit without the parameter.
    await page.goto('/onboarding/gender');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(stepHeading(page)).not.toHaveText("What's your gender?");
  });

  test('the lng query parameter picks the language and sets the document language', async ({ page }) => {
    await page.goto('/onboarding/gender?lng=de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // The German text itself: "not the English one" would also pass for a page that shows no heading.
    await expect(stepHeading(page)).toHaveText('Welches Geschlecht hast du?');
    await page.goto('/onboarding/gender?lng=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
