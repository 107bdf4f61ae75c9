import { expect, test } from '@playwright/test';
import { flowById } from './support/compiled-flows';
import { becomeVisitorOf, realisticAnswers, walk } from './support/funnel-walker';

interface GoodEvent {
  readonly eventType: string;
  readonly schema: string | null;
  readonly contexts: readonly string[];
  readonly event: Readonly<Record<string, unknown>> & { readonly page_url?: string; readonly page_urlpath?: string };
}
interface ErrorSummary {
  readonly title: string;
  readonly url: string | null;
  readonly event: unknown;
}

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

  const mine = async (): Promise<GoodEvent[]> => {
    const response = await request.get('/micro/good');
    const all = (await response.json()) as GoodEvent[];
    return all.filter((event) => event.event.page_url?.includes(mark) === true && event.eventType !== 'page_ping').reverse();
  };
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
  const reported = async (): Promise<ErrorSummary[]> => {
    const all = (await (await request.get('/_dev/errors/api/events')).json()) as ErrorSummary[];
    return all.filter((event) => event.title.includes(mark));
  };
  await expect.poll(async () => (await reported()).map((event) => event.title), { timeout: 15_000 }).toEqual([`Error: Route error 404 Not Found at /onboarding/${mark}`]);
  const [report] = await reported();
  expect(report?.url).toBe(`${baseURL ?? ''}/onboarding/${mark}?email=[Filtered]`);
  expect(JSON.stringify(report?.event)).not.toMatch(/ann(@|%40)example/);
});

/**
 * Issue 12 section 6, for the collector, the Sentry sink and the pixel: with all three hanging or
 * refusing (the stack's dev-faults cookie, so only this browser is affected), the funnel still moves
 * from step to step while the tracker's requests are left unanswered, and a route error still shows
 * its error screen.
 */
test('the funnel does not wait for a hanging collector, a hanging Sentry sink or a refusing pixel', async ({ page, context, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  await context.addCookies([{ name: 'dev-faults', value: 'snowplow:hang|sentry:hang|pixel:fail', url: baseURL ?? '' }]);
  const telemetry = { started: 0, answered: 0 };
  page.on('request', (request) => {
    if (request.url().includes('/com.snowplowanalytics.snowplow/tp2')) telemetry.started += 1;
  });
  page.on('requestfinished', (request) => {
    if (request.url().includes('/com.snowplowanalytics.snowplow/tp2')) telemetry.answered += 1;
  });
  const flow = flowById('default');
  await page.goto('/onboarding');
  const visited = await walk(page, flow, realisticAnswers, { until: 'bestShape' });
  expect(visited).toEqual(['gender', 'company', 'chooseGoal', 'bodyShape', 'bodyGoal']);
  // The tracker did send, and nothing it sent was answered: the steps never waited for it.
  expect(telemetry.started).toBeGreaterThan(0);
  expect(telemetry.answered).toBe(0);

  await page.goto('/onboarding/no-such-step');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the start' })).toBeVisible();
});
