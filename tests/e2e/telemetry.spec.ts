import { expect, test, type Page } from '@playwright/test';
import { localeText, uniqueEmail } from './support/account-stack';
import { flowById, visitorIdFor } from './support/compiled-flows';
import { collectedEvents, type GoodEvent } from './support/collector';
import { answerConsentAhead } from './support/consent-answer';
import { reportedErrors, type ErrorSummary } from './support/error-sink';
import { becomeVisitorOf, pathOf, realisticAnswers, walk } from './support/funnel-walker';
import { fillCard, payButton, paymentFrame } from './support/payment-page';

const ONBOARDING_EVENT = 'iglu:com.nutritionfunnel/onboarding_event/jsonschema/1-0-0';
const FUNNEL_CONTEXT = 'iglu:com.nutritionfunnel/funnel_context/jsonschema/1-0-0';

/**
 * One short walk proves the browser's telemetry end to end against the local stack: the Snowplow
 * tracker's page views and onboarding events reach the collector in order (read through Snowplow
 * Micro's API, as against a real Micro), and a route error reaches the Sentry sink without the
 * e-mail address that was in the URL. Other specs share the stack, so this one marks its URLs.
 */
test('a funnel walk reaches the collector in order, and a route error reaches /_dev/errors scrubbed', async ({ page, context, baseURL, request }) => {
  const mark = `telemetry-${Date.now()}`;
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  const flow = flowById('default');
  await page.goto(`/onboarding?utm_campaign=${mark}`);
  await walk(page, flow, realisticAnswers, { until: 'bodyShape' });

  const mine = (): Promise<GoodEvent[]> => collectedEvents(request, mark);
  const describe = (event: GoodEvent): unknown =>
    event.eventType === 'page_view' ? `pv ${event.event.page_urlpath ?? ''}` : { ue: event.event.unstruct_event_com_nutritionfunnel_onboarding_event_1 };
  const url = (path: string) => `${baseURL ?? ''}${path}?utm_campaign=${mark}`;
  await expect
    .poll(async () => (await mine()).map(describe), { timeout: 15_000 })
    .toEqual([
      'pv /onboarding/gender',
      { ue: { answers: ['female'], question: 'gender', step: 1, steps_total: 23, url: url('/onboarding/gender') } },
      'pv /onboarding/company',
      { ue: { answers: [], question: 'company', step: 2, steps_total: 23, url: url('/onboarding/company') } },
      'pv /onboarding/chooseGoal',
      { ue: { answers: ['lose-1-10'], question: 'chooseGoal', step: 3, steps_total: 23, url: url('/onboarding/chooseGoal') } },
      'pv /onboarding/bodyShape',
    ]);
  const events = await mine();
  // Every event carries the UI language entity; the answers are schema-valid (they are in good, not bad).
  expect(events.every((event) => event.contexts.includes(FUNNEL_CONTEXT))).toBe(true);
  expect(events.filter((event) => event.schema === ONBOARDING_EVENT)).toHaveLength(3);
  expect(events[0]?.event.contexts_com_nutritionfunnel_funnel_context_1).toEqual([{ language: 'en' }]);

  // An unknown step is a route error: the error screen shows and the report reaches the sink.
  await page.goto(`/onboarding/${mark}?email=ann%40example.com`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const reported = (): Promise<ErrorSummary[]> => reportedErrors(request, mark);
  await expect.poll(async () => (await reported()).map((event) => event.title), { timeout: 15_000 }).toEqual([`Error: Route error 404 Not Found at /onboarding/${mark}`]);
  const [report] = await reported();
  expect(report?.url).toBe(`${baseURL ?? ''}/onboarding/${mark}?email=[Filtered]`);
  expect(JSON.stringify(report?.event)).not.toMatch(/ann(@|%40)example/);
});

test('a render error (the next screen\'s code fails to load) shows the error screen and reaches /_dev/errors scrubbed', async ({ page, context, baseURL, request }) => {
  const mark = `render-error-${Date.now()}`;
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  // What a deploy that replaced the chunks, or a dropped connection, does to a visitor mid-funnel: the
  // company screen's lazy component throws while rendering, inside the step's route.
  await page.route(/\/assets\/company-screen-[^/]+\.js$/, (route) => route.abort());
  await page.goto(`/onboarding/gender?utm_campaign=${mark}&email=ann%40example.com`);
  await page.getByRole('button', { name: 'Female', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: localeText('en', 'common', 'error.heading') })).toBeVisible();
  await expect.poll(async () => (await reportedErrors(request, mark)).map((event) => event.title), { timeout: 15_000 }).toEqual([
    expect.stringMatching(/dynamically imported module|Importing a module script failed/),
  ]);
  const [report] = await reportedErrors(request, mark);
  expect(report?.url).toContain('email=[Filtered]');
  expect(JSON.stringify(report?.event)).not.toMatch(/ann(@|%40)example/);
});

/** The stand-ins of the four third parties, by request path (the dev-faults switch names them snowplow, sentry, pixel, flags). */
const THIRD_PARTIES = {
  resolver: (path: string) => /^\/confidence\/v1\/flags:(resolve|apply)$/.test(path),
  collector: (path: string) => path === '/com.snowplowanalytics.snowplow/tp2',
  sentry: (path: string) => /^\/api\/\d+\/envelope\/$/.test(path),
  pixel: (path: string) => path === '/meta/fbevents.js' || /^\/meta\/tr\/?$/.test(path),
} as const;
type ThirdParty = keyof typeof THIRD_PARTIES;

/** What the page asked of each third party, and how each request ended. */
function watchThirdParties(page: Page): Record<ThirdParty, { sent: number; answered: number; failed: string[] }> {
  const seen = { resolver: { sent: 0, answered: 0, failed: [] as string[] }, collector: { sent: 0, answered: 0, failed: [] as string[] }, sentry: { sent: 0, answered: 0, failed: [] as string[] }, pixel: { sent: 0, answered: 0, failed: [] as string[] } };
  const which = (url: string): ThirdParty | undefined => (Object.keys(THIRD_PARTIES) as ThirdParty[]).find((name) => THIRD_PARTIES[name](new URL(url).pathname));
  page.on('request', (request) => {
    const name = which(request.url());
    if (name) seen[name].sent += 1;
  });
  page.on('requestfinished', (request) => {
    const name = which(request.url());
    if (name) seen[name].answered += 1;
  });
  page.on('requestfailed', (request) => {
    const name = which(request.url());
    if (name) seen[name].failed.push(request.failure()?.errorText ?? 'unknown');
  });
  return seen;
}

/**
 * Issue 12 section 6: with the flag's resolver, the collector, the Sentry sink and the pixel all hanging
 * (never answering), then all refusing (the connection dropped), a first-time visitor who accepted the
 * pixel walks the whole default funnel, signs up and pays; every one of them was tried and none
 * answered. The stack's dev-faults cookie breaks them for this browser only. The flag's lookup is the
 * one wait on a third party (at most 1000 ms, then baseline: the default flow, remembered); the
 * purchase event's wait for the pixel is at most 1 s (conversion-tracking.test.ts); nothing else waits.
 */
for (const { mode, faults } of [
  { mode: 'hanging', faults: 'flags:hang|snowplow:hang|sentry:hang|pixel:hang' },
  { mode: 'refusing', faults: 'flags:fail|snowplow:fail|sentry:fail|pixel:fail' },
] as const) {
  test(`with the flag's resolver, the collector, the Sentry sink and the pixel all ${mode}, a visitor completes the funnel, signs up and pays`, async ({ page, context, baseURL }) => {
    test.setTimeout(240_000);
    // A first visit: the visitor cookie, no variant remembered yet, so the funnel asks the resolver.
    await context.addCookies([
      { name: 'cnfdVisitorId', value: visitorIdFor('default'), url: baseURL ?? '' },
      { name: 'dev-faults', value: faults, url: baseURL ?? '' },
    ]);
    await answerConsentAhead(page, 'accepted');
    const seen = watchThirdParties(page);

    // A route error first, so the error reporter has something to send; its screen leads to the start.
    await page.goto('/onboarding/no-such-step');
    // The reporter's SDK loads at this first error; leaving the page before it sent the event would lose
    // the one Sentry request of the walk (a race under load), so the test waits for it to go out.
    await expect.poll(() => seen.sentry.sent, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Back to the start' }).click();
    await walk(page, flowById('default'), realisticAnswers);

    await page.getByLabel('Please choose a password').fill('analytical-engine');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'What is your email address?' }).fill(uniqueEmail(`third-parties-${mode}`));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/checkout/plans');

    await page.getByRole('button', { name: localeText('en', 'checkout', 'plans.continue') }).first().click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/checkout/payment');
    await paymentFrame(page).getByRole('tab', { name: 'Card' }).click();
    await fillCard(paymentFrame(page), { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', zip: '10001' });
    await payButton(page).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/account/subscription');
    await expect(page.getByRole('button', { name: localeText('en', 'account', 'subscription.viewSubscriptions') })).toBeVisible();

    // Each third party was asked, and none of them ever answered.
    for (const name of Object.keys(THIRD_PARTIES) as ThirdParty[]) {
      expect(seen[name].sent, `${name}: requests sent`).toBeGreaterThan(0);
      expect(seen[name].answered, `${name}: requests answered`).toBe(0);
      // Refused: dropped connections; hanging: only requests cut short by the page's own navigations.
      if (mode === 'refusing') expect(seen[name].failed.length, `${name}: requests failed`).toBeGreaterThan(0);
      else expect(seen[name].failed.filter((text) => text !== 'net::ERR_ABORTED'), `${name}: failures other than aborts`).toEqual([]);
    }
  });
}
