import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

const tp2Body = JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4', data: [] });

describe('dev faults: the switch that makes the collector, the Sentry sink and the pixel fail or hang', () => {
  let server: TestServer;
  const collect = (headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${server.url}/com.snowplowanalytics.snowplow/tp2`, { method: 'POST', body: tp2Body, headers: { 'Content-Type': 'application/json', ...headers }, ...(signal ? { signal } : {}) });
  const setFault = (service: string, mode: string) => fetch(`${server.url}/_dev/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ service, mode }) });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('drops the connection of a failing service, for everyone when set globally', async () => {
    expect((await collect()).status).toBe(200);
    expect(await (await setFault('snowplow', 'fail')).json()).toEqual({ snowplow: 'fail', sentry: 'ok', pixel: 'ok', flags: 'ok' });
    await expect(collect()).rejects.toThrow();
    // Other services are untouched.
    expect((await fetch(`${server.url}/api/1/envelope/?sentry_key=local`, { method: 'POST', body: '{}\n' })).status).toBe(200);
    await setFault('snowplow', 'ok');
    expect((await collect()).status).toBe(200);
    expect((await setFault('resolver', 'fail')).status).toBe(400);
  });

  it("applies a browser's own cookie to that browser only, and a hanging service never answers", async () => {
    const aborted = AbortSignal.timeout(800);
    const started = Date.now();
    await expect(collect({ Cookie: 'dev-faults=snowplow:hang|sentry:fail' }, aborted)).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
    await expect(fetch(`${server.url}/api/1/envelope/?sentry_key=local`, { method: 'POST', body: '{}\n', headers: { Cookie: 'dev-faults=sentry:fail' } })).rejects.toThrow();
    await expect(fetch(`${server.url}/meta/tr?id=1&ev=PageView`, { headers: { Cookie: 'dev-faults=pixel:fail' } })).rejects.toThrow();
    expect((await collect()).status).toBe(200);
  });

  it('answers 500 for a service switched to error, the connection kept', async () => {
    const envelope = (cookie: string) => fetch(`${server.url}/api/1/envelope/?sentry_key=local`, { method: 'POST', body: '{}\n', headers: { Cookie: cookie } });
    expect((await collect({ Cookie: 'dev-faults=snowplow:error' })).status).toBe(500);
    expect((await envelope('dev-faults=sentry:error')).status).toBe(500);
    expect((await fetch(`${server.url}/meta/fbevents.js`, { headers: { Cookie: 'dev-faults=pixel:error' } })).status).toBe(500);
    expect(await (await setFault('pixel', 'error')).json()).toMatchObject({ pixel: 'error' });
    expect((await fetch(`${server.url}/meta/tr?id=1&ev=PageView`)).status).toBe(500);
    await setFault('pixel', 'ok');
    expect((await fetch(`${server.url}/meta/tr?id=1&ev=PageView`)).status).toBe(200);
  });
});
