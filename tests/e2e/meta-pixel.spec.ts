import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { localeText, uniqueEmail } from './support/account-stack';
import { answerConsentAhead } from './support/consent-answer';
import { pathOf, stepHeading } from './support/funnel-walker';

/**
 * The Meta pixel and the server events on the local stack, in one page chain: the stand-in pixel's
 * PageView, CompleteRegistration at sign-up and InitiateCheckout on the plans page, each seen as a
 * /tr request, as a tracking-events upload and (for the two conversions) as a Conversions API event
 * with hashed fields, and no plain e-mail address anywhere Meta-bound. Then: a pixel that does not
 * load is logged and the funnel goes on.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface DevEvents {
  readonly pixelEvents: { event_name: string; event_id: string | null; params: Record<string, string> }[];
  readonly serverEvents: { event_name: string; event_id: string | null; event: { user_data: Record<string, unknown>; custom_data: Record<string, unknown> } }[];
  readonly trackingEvents: { event_name: string | null; params: Record<string, string> }[];
}

/** The rows of these events only (the stand-ins keep every visitor's, newest 100 unless filtered). */
async function devEvents(request: APIRequestContext, ...eventIds: string[]): Promise<DevEvents> {
  const query = new URLSearchParams(eventIds.map((eventId) => ['event_id', eventId]));
  const events: DevEvents = await (await request.get(`/_dev/pixel/events.json?${query.toString()}`)).json();
  return events;
}

test('pixel and server events are recorded with hashed fields, the click id and no plain e-mail', async ({ page, request }) => {
  const address = uniqueEmail('Pixel.Person');
  const fbclid = `IwAR-e2e-${Date.now().toString(36)}`;
  // A visitor in Sweden is asked first (the notice); this one accepted on an earlier visit.
  await answerConsentAhead(page, 'accepted');
  // The page's PageView requests (no event id to look them up by on the stand-in), with the stand-in's answer.
  const pageViews: Promise<{ params: URLSearchParams; status: number | undefined }>[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/meta/tr') && url.searchParams.get('ev') === 'PageView') {
      pageViews.push(sent.response().then((answer) => ({ params: url.searchParams, status: answer?.status() })));
    }
  });
  // What the geolocation lookup caches for the session (spec: city, countrycode, zipcode).
  await page.addInitScript(() => {
    sessionStorage.setItem('city', 'Malmö');
    sessionStorage.setItem('countrycode', 'SE');
    sessionStorage.setItem('zipcode', '211 19');
    // The lookup always caches a currency; with it the session's location is complete and not looked up again.
    sessionStorage.setItem('currency', 'eur');
  });
  await page.goto(`/sign-up?fbclid=${fbclid}`);
  await expect.poll(() => pathOf(page)).toBe('/sign-up/password');
  await page.getByLabel('Please choose a password').fill('pixel-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => pathOf(page)).toBe('/sign-up/email');
  await page.getByRole('textbox', { name: 'What is your email address?' }).fill(address);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/sign-up/preparing');
  const userId = await page.evaluate(() => sessionStorage.getItem('id'));
  const registration = `registration-${userId ?? ''}`;

  // The pixel runs in the page: init, PageView, CompleteRegistration with its event id.
  await expect.poll(async () => page.evaluate(() => (window.__metaPixelCalls ?? []).map((call) => String(call[1])))).toContain('CompleteRegistration');
  await expect.poll(async () => (await devEvents(request, registration)).serverEvents.some((row) => row.event_id === registration), { timeout: 15_000 }).toBe(true);

  // The plans page's Continue initiates the checkout.
  await page.goto(`/checkout/plans?fbclid=${fbclid}`);
  await page.getByRole('button', { name: localeText('en', 'checkout', 'plans.continue') }).first().click();
  await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/checkout/payment');
  const subscriptionId = new URL(page.url()).searchParams.get('subscription_id') ?? '';
  const checkout = `checkout-${subscriptionId}`;
  await expect.poll(async () => (await devEvents(request, checkout)).trackingEvents.some((row) => row.params.eid === checkout), { timeout: 15_000 }).toBe(true);
  await expect.poll(async () => (await devEvents(request, checkout)).serverEvents.some((row) => row.event_id === checkout), { timeout: 15_000 }).toBe(true);

  const events = await devEvents(request, registration, checkout);
  const fbp = (await page.context().cookies()).find((cookie) => cookie.name === '_fbp')?.value ?? '';
  expect(decodeURIComponent(fbp)).toMatch(/^fb\.1\.\d{13}\.\d+$/);

  // Pixel requests (/tr): PageView, CompleteRegistration and InitiateCheckout with Meta's parameters, _fbp and the click id.
  const pixelRegistration = events.pixelEvents.find((row) => row.event_id === registration);
  expect(pixelRegistration?.params).toMatchObject({ ev: 'CompleteRegistration', fbp: decodeURIComponent(fbp), r: 'stable' });
  expect(pixelRegistration?.params.fbc).toMatch(new RegExp(`^fb\\.1\\.\\d{13}\\.${fbclid}$`));
  expect((await Promise.all(pageViews)).some(({ params, status }) => status === 200 && params.get('fbp') === decodeURIComponent(fbp))).toBe(true);
  const pixelCheckout = events.pixelEvents.find((row) => row.event_id === checkout);
  expect(pixelCheckout?.params).toMatchObject({ ev: 'InitiateCheckout', 'cd[currency]': 'EUR', 'cd[content_name]': 'weekly' });
  expect(Number(pixelCheckout?.params['cd[value]'])).toBeGreaterThan(0);

  // Tracking events: exactly the pixel requests' parameters of the two conversions.
  expect(events.trackingEvents.find((row) => row.params.eid === registration)?.params).toEqual(pixelRegistration?.params);

  // Server events: hashed e-mail, city, country and zip; the same event ids; fbp and fbc.
  const serverRegistration = events.serverEvents.find((row) => row.event_id === registration);
  expect(serverRegistration?.event.user_data).toMatchObject({
    em: [sha256(address.toLowerCase())],
    ct: [sha256('malmö')],
    country: [sha256('se')],
    zp: [sha256('21119')],
    external_id: [userId],
    fbp: decodeURIComponent(fbp),
    fbc: pixelRegistration?.params.fbc,
  });
  const serverCheckout = events.serverEvents.find((row) => row.event_id === checkout);
  expect(serverCheckout?.event.custom_data).toMatchObject({ currency: 'EUR', value: Number(pixelCheckout?.params['cd[value]']) });

  // No plain e-mail anywhere Meta-bound: this visitor's conversions, the newest rows of every kind, the dev page.
  const everything = `${JSON.stringify(events)}${JSON.stringify(await devEvents(request))}${await (await request.get('/_dev/pixel')).text()}`.toLowerCase();
  expect(everything).not.toContain(address.toLowerCase());
  expect(everything).not.toContain(encodeURIComponent(address).toLowerCase());
});

test('a pixel that does not load is logged and the funnel goes on', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await answerConsentAhead(page, 'accepted');
  // As an ad blocker does.
  await page.route('**/meta/fbevents.js', (route) => route.abort('blockedbyclient'));
  await page.goto('/onboarding');
  const first = await stepHeading(page).textContent();
  await page.locator('main button').first().click();
  await expect(stepHeading(page)).not.toHaveText(first ?? '');
  await expect.poll(() => errors.some((text) => text.includes('Meta pixel not loaded'))).toBe(true);
  // The queue holds the calls; nothing reached the stand-in.
  expect(await page.evaluate(() => window.fbq?.callMethod === undefined && (window.fbq?.queue?.length ?? 0) >= 2)).toBe(true);
});
