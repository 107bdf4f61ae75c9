import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { axeFindings } from '../a11y/axe-report';
import { localeText } from './support/account-stack';
import { becomeVisitorOf, pathOf, stepHeading } from './support/funnel-walker';

/**
 * The consent notice (issue 12 section 5) for a visitor in Germany, as the CDN in front of the stack
 * says (the e2e stack's own default country does not ask). On a phone: shown after the first step,
 * moving nothing, above the Continue button, reachable by keyboard; accept -> the pixel and Snowplow's
 * cookies; reject -> no pixel request at all, no Snowplow cookie or stored id, events still collected
 * (anonymously); each answer remembered across a reload; the cookie settings change it later.
 */

test.use({ viewport: { width: 412, height: 915 }, extraHTTPHeaders: { 'CF-IPCountry': 'DE' } });

interface GoodEvent {
  readonly eventType: string;
  readonly event: Readonly<Record<string, unknown>> & { readonly page_url?: string; readonly page_urlpath?: string };
}

const notice = (page: Page) => page.getByRole('region', { name: localeText('en', 'consent', 'title') });
const button = (page: Page, key: 'accept' | 'reject') => notice(page).getByRole('button', { name: localeText('en', 'consent', key) });

/** Every request the page makes to the pixel (its script, its beacons) and to the collector. */
function watchRequests(page: Page): { readonly pixel: string[]; readonly collector: { anonymous: boolean }[] } {
  const seen = { pixel: [] as string[], collector: [] as { anonymous: boolean }[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/meta/')) seen.pixel.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/com.snowplowanalytics.snowplow/tp2' && request.method() === 'POST') seen.collector.push({ anonymous: request.headers()['sp-anonymous'] !== undefined });
  });
  return seen;
}

/** Snowplow's first-party cookies (`_sp_id.*`, `_sp_ses.*`) and the collector's network user id (`sp`). */
async function snowplowCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name).filter((name) => name.startsWith('_sp_') || name === 'sp').sort();
}

test('accept: the notice moves nothing and covers no Continue (phone, small and wide desktop); the pixel and Snowplow cookies follow, and the answer is kept', async ({ page, context, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  // Layout shifts of the page, from its first moment.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { __layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if ('value' in entry && typeof entry.value === 'number') shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const requests = watchRequests(page);
  await page.goto('/onboarding');
  await expect(stepHeading(page)).toBeVisible();
  await expect(notice(page)).toBeVisible();
  // Nothing moved on the first step when the notice arrived; nothing that needs consent ran before it.
  expect(await page.evaluate(() => (window as unknown as { __layoutShifts: number[] }).__layoutShifts)).toEqual([]);
  expect(requests.pixel).toEqual([]);
  expect(await snowplowCookies(context)).toEqual([]);
  expect((await axeFindings(page, 'consent notice')).blocking).toEqual([]);

  // The funnel works with the notice open; the next step's Continue button is not under it.
  await page.getByRole('button', { name: 'Female', exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
  const continueButton = page.getByRole('button', { name: 'Continue' });
  const [noticeBox, continueBox] = await Promise.all([notice(page).boundingBox(), continueButton.boundingBox()]);
  expect(noticeBox && continueBox && noticeBox.y + noticeBox.height <= continueBox.y).toBe(true);
  expect(continueBox && continueBox.y + continueBox.height <= 915).toBe(true);
  // The desktop card (app.css from 960px): above its Continue on a small desktop, beside the card on a wide one.
  for (const size of [{ width: 1024, height: 768 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(size);
    const [onDesktop, continueOnDesktop, card] = await Promise.all([notice(page).boundingBox(), continueButton.boundingBox(), page.locator('.step__sheet').boundingBox()]);
    if (!onDesktop || !continueOnDesktop || !card) throw new Error(`no notice, Continue or card at ${size.width}px`);
    const beside = onDesktop.x + onDesktop.width <= card.x;
    expect(beside || onDesktop.y + onDesktop.height <= continueOnDesktop.y, `${size.width}px: the notice is beside the card or above Continue`).toBe(true);
    expect(onDesktop.y + onDesktop.height <= size.height, `${size.width}px: the notice is on screen`).toBe(true);
  }
  await page.setViewportSize({ width: 412, height: 915 });

  // Keyboard: after the step's last control come the notice's buttons; focus returns after the answer.
  await continueButton.focus();
  await page.keyboard.press('Tab');
  await expect(button(page, 'reject')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(button(page, 'accept')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(notice(page)).toHaveCount(0);
  await expect(continueButton).toBeFocused();

  // Accepted: the pixel loads and sends its PageView; Snowplow keeps its ids in cookies from now on.
  await expect.poll(() => requests.pixel.some((url) => url.startsWith('/meta/tr') && url.includes('ev=PageView'))).toBe(true);
  await continueButton.click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/chooseGoal');
  await expect.poll(() => snowplowCookies(context)).toEqual([expect.stringMatching(/^_sp_id\./), expect.stringMatching(/^_sp_ses\./), 'sp']);
  expect(requests.collector.at(-1)?.anonymous).toBe(false);

  // Remembered: after a reload the pixel loads at once and the notice does not come back.
  requests.pixel.length = 0;
  await page.reload();
  await expect(stepHeading(page)).toBeVisible();
  await expect.poll(() => requests.pixel.some((url) => url.includes('ev=PageView'))).toBe(true);
  await expect(notice(page)).toHaveCount(0);
});

test('reject: no pixel request at all, no Snowplow cookie or stored id, the events still reach the collector; kept after a reload', async ({ page, context, baseURL, request }) => {
  const mark = `consent-reject-${Date.now()}`;
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  const requests = watchRequests(page);
  await page.goto(`/onboarding?utm_campaign=${mark}`);
  await button(page, 'reject').click();
  await expect(notice(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Female', exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/company');

  const mine = async (): Promise<GoodEvent[]> => {
    const all = (await (await request.get('/micro/good')).json()) as GoodEvent[];
    return all.filter((event) => event.event.page_url?.includes(mark) === true && event.eventType !== 'page_ping').reverse();
  };
  await expect
    .poll(async () => (await mine()).map((event) => `${event.eventType} ${event.event.page_urlpath ?? ''}`), { timeout: 15_000 })
    .toEqual(['page_view /onboarding/gender', 'unstruct /onboarding/gender', 'page_view /onboarding/company']);
  // Anonymous: no user id from a cookie, the collector's anonymous network id, no IP; one session for the page load.
  const events = await mine();
  expect(events.map((event) => [event.event.domain_userid ?? null, event.event.network_userid, event.event.user_ipaddress ?? ''])).toEqual(
    events.map(() => [null, '00000000-0000-0000-0000-000000000000', '']),
  );
  expect(new Set(events.map((event) => event.event.domain_sessionid)).size).toBe(1);
  expect(requests.collector.every((sent) => sent.anonymous)).toBe(true);

  expect(await snowplowCookies(context)).toEqual([]);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('_fbp');
  expect((await page.evaluate(() => Object.keys(window.localStorage))).filter((key) => key.startsWith('snowplow') || key.startsWith('_sp_'))).toEqual([]);

  // Remembered: the reloaded page tracks again (anonymously) without asking, still without the pixel.
  const sentBefore = requests.collector.length;
  await page.reload();
  await expect(stepHeading(page)).toBeVisible();
  await expect.poll(() => requests.collector.length).toBeGreaterThan(sentBefore);
  await expect(notice(page)).toHaveCount(0);
  expect(requests.pixel).toEqual([]);
  expect(await snowplowCookies(context)).toEqual([]);
});

test('cookie settings: an accepted visitor withdraws consent; the pixel is revoked and its cookies deleted, Snowplow turns anonymous, and the new answer is kept', async ({ page, context, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  const requests = watchRequests(page);
  await page.goto('/onboarding');
  await button(page, 'accept').click();
  await expect.poll(() => requests.pixel.some((url) => url.startsWith('/meta/tr') && url.includes('ev=PageView'))).toBe(true);
  await page.getByRole('button', { name: 'Female', exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
  await expect.poll(() => snowplowCookies(context)).toContainEqual(expect.stringMatching(/^_sp_id\./));
  await page.goBack();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/gender');

  // The settings sit beside the Terms and Privacy links; the notice asks again, focus on its question.
  const settings = page.getByRole('button', { name: localeText('en', 'common', 'legal.cookieSettings') });
  await settings.click();
  await expect(notice(page)).toBeVisible();
  await expect(button(page, 'reject')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(notice(page)).toHaveCount(0);
  await expect(settings).toBeFocused();

  // Withdrawn: Meta's consent switch is off, the pixel's cookies and Snowplow's ids are gone.
  expect(await page.evaluate(() => (window as unknown as { __metaPixelCalls?: unknown[][] }).__metaPixelCalls?.at(-1))).toEqual(['consent', 'revoke']);
  const cookieNames = async (): Promise<string[]> => (await context.cookies()).map((cookie) => cookie.name);
  await expect.poll(async () => (await cookieNames()).filter((name) => name === '_fbp' || name === '_fbc' || name.startsWith('_sp_'))).toEqual([]);
  // From now on the tracker sends anonymously and the pixel sends nothing.
  const pixelBefore = requests.pixel.length;
  const sentBefore = requests.collector.length;
  await page.getByRole('button', { name: 'Female', exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
  await expect.poll(() => requests.collector.length).toBeGreaterThan(sentBefore);
  expect(requests.collector.slice(sentBefore).every((sent) => sent.anonymous)).toBe(true);
  expect(requests.pixel.slice(pixelBefore)).toEqual([]);
  expect((await cookieNames()).filter((name) => name.startsWith('_sp_'))).toEqual([]);

  // Kept: a reload neither asks nor loads the pixel.
  requests.pixel.length = 0;
  await page.reload();
  await expect(stepHeading(page)).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
  expect(requests.pixel).toEqual([]);
});

test('the notice hides nothing for good: on the first step it leaves the legal line readable, and whatever it covers can be scrolled above it', async ({ browser, baseURL }) => {
  const cases = [
    { language: 'en', viewport: { width: 390, height: 844 }, legalInView: true },
    { language: 'ar', viewport: { width: 390, height: 844 }, legalInView: true },
    { language: 'en', viewport: { width: 360, height: 560 }, legalInView: false },
  ];
  for (const { language, viewport, legalInView } of cases) {
    const where = `${language} ${String(viewport.width)}x${String(viewport.height)}`;
    const context = await browser.newContext({ viewport, locale: language, isMobile: true, hasTouch: true, extraHTTPHeaders: { 'CF-IPCountry': 'DE' } });
    await becomeVisitorOf(context, baseURL ?? '', 'default');
    const page = await context.newPage();
    await page.goto('/onboarding');
    const region = page.getByRole('region', { name: localeText(language, 'consent', 'title') });
    await expect(region).toBeVisible();
    const legal = [
      page.getByRole('link', { name: localeText(language, 'common', 'legal.start').replace(/.*<terms>(.*)<\/terms>.*/, '$1') }),
      page.getByRole('link', { name: localeText(language, 'common', 'legal.start').replace(/.*<privacy>(.*)<\/privacy>.*/, '$1') }),
      page.getByRole('button', { name: localeText(language, 'common', 'legal.cookieSettings') }),
    ];
    /** Every legal control ends above the notice's top edge, on screen. */
    const legalAboveNotice = async (): Promise<boolean> => {
      const top = (await region.boundingBox())?.y ?? 0;
      const boxes = await Promise.all(legal.map((control) => control.boundingBox()));
      return boxes.every((box) => box !== null && box.y >= 0 && box.y + box.height <= top);
    };
    // Let the notice's entrance settle before measuring.
    await expect.poll(() => region.evaluate((element) => element.getAnimations().length)).toBe(0);
    expect(await legalAboveNotice(), `${where}: the legal line is readable without scrolling`).toBe(legalInView);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await legalAboveNotice(), `${where}: scrolled to the end, the legal line is above the notice`).toBe(true);
    await context.close();
  }
  // A step with Continue at the bottom, on the small phone: scrolled to the end, Continue is above the notice.
  const context = await browser.newContext({ viewport: { width: 360, height: 560 }, isMobile: true, hasTouch: true, extraHTTPHeaders: { 'CF-IPCountry': 'DE' } });
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  const page = await context.newPage();
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Female', exact: true }).click();
  const continueButton = page.getByRole('button', { name: 'Continue' });
  await expect(continueButton).toBeVisible();
  // Polled: the step's arrival may still reset the scroll position after the first attempt.
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const [noticeBox, continueBox] = await Promise.all([notice(page).boundingBox(), continueButton.boundingBox()]);
      return noticeBox !== null && continueBox !== null && continueBox.y + continueBox.height <= noticeBox.y;
    })
    .toBe(true);
  await context.close();
});
