import { buildPageView, buildSelfDescribingEvent, newTracker } from '@snowplow/node-tracker';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

const ONBOARDING_EVENT = 'iglu:com.nutritionfunnel/onboarding_event/jsonschema/1-0-0';
const FUNNEL_CONTEXT = 'iglu:com.nutritionfunnel/funnel_context/jsonschema/1-0-0';
const WEB_PAGE = 'iglu:com.snowplowanalytics.snowplow/web_page/jsonschema/1-0-0';

interface GoodEvent {
  readonly eventType: string;
  readonly schema: string | null;
  readonly contexts: string[];
  readonly event: Record<string, unknown>;
  readonly rawEvent: { readonly api: { vendor: string; version: string }; readonly parameters: Record<string, string> };
  readonly incomplete: boolean;
}
interface BadEvent {
  readonly rawEvent: { readonly parameters: Record<string, string> } | null;
  readonly errors: string[];
}

describe('Snowplow collector and Micro API (node tracker and raw tp2 against the local stack)', () => {
  let server: TestServer;
  const micro = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(`${server.url}/micro/${path}`, init);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const postTp2 = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/com.snowplowanalytics.snowplow/tp2`, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=UTF-8', ...headers }, body });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    expect(await micro('reset')).toEqual({ total: 0, good: 0, bad: 0 });
  });

  it("stores the node tracker's events (base64 entities) as Micro's GoodEvents, validated against the repo's schemas", async () => {
    const port = Number(new URL(server.url).port);
    const tracker = newTracker({ namespace: 'server-test', appId: 'nutrition-funnel', encodeBase64: true }, { endpoint: '127.0.0.1', protocol: 'http', port, bufferSize: 1, onRequestFailure: (failure) => console.error('tracker failure', failure.status, failure.message) });
    const language = { schema: FUNNEL_CONTEXT, data: { language: 'de' } };
    tracker.track(buildPageView({ pageUrl: 'http://localhost/onboarding/gender?lng=de', pageTitle: 'Funnel' }), [language]);
    tracker.track(
      buildSelfDescribingEvent({
        event: { schema: ONBOARDING_EVENT, data: { answers: ['female'], question: 'gender', step: 1, steps_total: 23, url: 'http://localhost/onboarding/gender' } },
      }),
      [language],
    );
    await tracker.flush();
    await expect.poll(async () => (await micro<{ good: number }>('all')).good).toBe(2);
    expect(await micro('all')).toEqual({ total: 2, good: 2, bad: 0 });

    const [unstruct, pageView] = await micro<GoodEvent[]>('good');
    expect(pageView).toMatchObject({
      eventType: 'page_view',
      schema: null,
      contexts: [FUNNEL_CONTEXT],
      incomplete: false,
      rawEvent: { api: { vendor: 'com.snowplowanalytics.snowplow', version: 'tp2' }, parameters: { e: 'pv', aid: 'nutrition-funnel', tna: 'server-test' } },
      event: { event: 'page_view', app_id: 'nutrition-funnel', page_url: 'http://localhost/onboarding/gender?lng=de', page_urlpath: '/onboarding/gender', page_title: 'Funnel', contexts_com_nutritionfunnel_funnel_context_1: [{ language: 'de' }] },
    });
    expect(unstruct).toMatchObject({
      eventType: 'unstruct',
      schema: ONBOARDING_EVENT,
      event: {
        event: 'unstruct',
        event_vendor: 'com.nutritionfunnel',
        event_name: 'onboarding_event',
        unstruct_event_com_nutritionfunnel_onboarding_event_1: { answers: ['female'], question: 'gender', step: 1, steps_total: 23 },
      },
    });
    // Micro's filters: by type, by schema, by required entities.
    expect(await micro<GoodEvent[]>('good', { method: 'POST', body: JSON.stringify({ event_type: 'page_view' }) })).toHaveLength(1);
    expect(await micro<GoodEvent[]>('good', { method: 'POST', body: JSON.stringify({ schema: ONBOARDING_EVENT }) })).toHaveLength(1);
    expect(await micro<GoodEvent[]>('good', { method: 'POST', body: JSON.stringify({ contexts: [FUNNEL_CONTEXT, WEB_PAGE] }) })).toHaveLength(0);
    expect(await micro<GoodEvent[]>('good', { method: 'POST', body: JSON.stringify({ limit: 1 }) })).toHaveLength(1);
    // The warehouse views over the same store (docs/funnel-report.md's SQL reads these).
    const shredded = await server.db.query('select question, step, steps_total, answers from atomic.com_nutritionfunnel_onboarding_event_1');
    expect(shredded.rows).toEqual([{ question: 'gender', step: 1, steps_total: 23, answers: '["female"]' }]);
    const languages = await server.db.query('select language from atomic.com_nutritionfunnel_funnel_context_1');
    expect(languages.rows).toEqual([{ language: 'de' }, { language: 'de' }]);
  });

  it('keeps an event that breaks its schema, or names an unknown one, in bad with the reasons', async () => {
    const event = (ue: unknown) => ({ e: 'ue', eid: crypto.randomUUID(), tv: 'js-4.10.1', p: 'web', dtm: String(Date.now()), ue_pr: JSON.stringify(ue) });
    const unstruct = (schema: string, data: unknown) => ({ schema: 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0', data: { schema, data } });
    const body = {
      schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
      data: [
        event(unstruct(ONBOARDING_EVENT, { answers: 'female', question: 'gender', step: 0, steps_total: 23, url: 'http://localhost/x' })),
        event(unstruct('iglu:com.acme/unknown/jsonschema/1-0-0', {})),
        { e: 'pv', eid: crypto.randomUUID(), tv: 'js-4.10.1', p: 'web', url: 'http://localhost/onboarding' },
      ],
    };
    const response = await postTp2(JSON.stringify(body), { Origin: 'http://localhost:5173' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
    expect(await micro('all')).toEqual({ total: 3, good: 1, bad: 2 });
    const bad = await micro<BadEvent[]>('bad');
    expect(bad[0]?.errors[0]).toBe('Error while validating the event.');
    expect(bad[0]?.errors[1]).toContain('iglu:com.acme/unknown/jsonschema/1-0-0: schema not found');
    expect(bad[1]?.errors[1]).toContain('/answers must be array');
    expect(bad[1]?.errors[1]).toContain('/step must be >= 1');
    expect(bad[1]?.rawEvent?.parameters.e).toBe('ue');

    // A body that is not payload_data is one bad payload, not an error answer.
    await postTp2('not json');
    expect(await micro('all')).toEqual({ total: 4, good: 1, bad: 3 });
  });

  it('answers like the stream collector: CORS for the page origin with credentials, the sp cookie, GET pixel, health', async () => {
    const preflight = await fetch(`${server.url}/com.snowplowanalytics.snowplow/tp2`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('SP-Anonymous');

    const post = await postTp2(JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4', data: [] }), { Origin: 'http://localhost:5173' });
    expect(post.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(post.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(post.headers.get('set-cookie')).toMatch(/^sp=[0-9a-f-]{36};/);

    const anonymous = await postTp2(JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4', data: [] }), { 'SP-Anonymous': '*' });
    expect(anonymous.headers.get('set-cookie')).toBeNull();

    const pixel = await fetch(`${server.url}/i?e=pv&p=web&tv=js-4.10.1&url=${encodeURIComponent('http://localhost/onboarding')}`);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    const [viaGet] = await micro<GoodEvent[]>('good');
    expect(viaGet?.rawEvent.api.version).toBe('tp1');
    expect(viaGet?.event.page_urlpath).toBe('/onboarding');

    expect(await (await fetch(`${server.url}/health`)).text()).toBe('ok');
    const schema = await micro<{ self: { name: string } }>('iglu/com.nutritionfunnel/onboarding_event/jsonschema/1-0-0');
    expect(schema.self.name).toBe('onboarding_event');
    expect((await fetch(`${server.url}/micro/iglu/com.acme/nothing/jsonschema/1-0-0`)).status).toBe(404);
    const unknown = await fetch(`${server.url}/micro/whatever`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Path for micro has to be one of');
  });
});
