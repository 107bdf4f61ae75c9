import {
  createAttachmentEnvelopeItem,
  createEventEnvelope,
  createSessionEnvelope,
  getEnvelopeEndpointWithUrlEncodedAuth,
  makeDsn,
  serializeEnvelope,
  addItemToEnvelope,
  makeSession,
} from '@sentry/core';
import type { DsnComponents, SdkMetadata } from '@sentry/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

interface ErrorSummary {
  readonly eventId: string | null;
  readonly level: string | null;
  readonly title: string;
  readonly url: string | null;
  readonly environment: string | null;
}

const sdk: SdkMetadata = { sdk: { name: 'sentry.javascript.react', version: '11.12.0' } };

describe('Sentry sink: envelopes from the real SDK code at the DSN URL, listed at /_dev/errors', () => {
  let server: TestServer;
  let dsn: DsnComponents;
  const post = (envelope: string | Uint8Array, url = getEnvelopeEndpointWithUrlEncodedAuth(dsn), headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', body: typeof envelope === 'string' ? envelope : new Blob([new Uint8Array(envelope)]), headers: { Origin: 'http://localhost:5173', ...headers } });
  const events = async (): Promise<ErrorSummary[]> => (await (await fetch(`${server.url}/_dev/errors/api/events`)).json()) as ErrorSummary[];

  beforeAll(async () => {
    server = await startTestServer();
    const parsed = makeDsn(`http://local@${new URL(server.url).host}/1`);
    if (!parsed) throw new Error('bad DSN');
    dsn = parsed;
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    expect((await fetch(`${server.url}/_dev/errors/api/events`, { method: 'DELETE' })).status).toBe(204);
  });

  it('accepts an error event envelope where the DSN points, answers with CORS and the event id, lists it', async () => {
    const url = getEnvelopeEndpointWithUrlEncodedAuth(dsn, undefined, sdk.sdk);
    expect(url).toBe(`${server.url}/api/1/envelope/?sentry_version=7&sentry_key=local&sentry_client=sentry.javascript.react%2F11.12.0`);
    const eventId = 'ec10b3b5a2f84bd5a1b9e2c0d7e6f801';
    const envelope = createEventEnvelope(
      {
        event_id: eventId,
        level: 'error',
        platform: 'javascript',
        timestamp: 1795417154.246,
        environment: 'local',
        exception: { values: [{ type: 'Error', value: 'Profile insert failed', mechanism: { type: 'generic', handled: true } }] },
        request: { url: 'http://localhost:5173/sign-up/email', headers: { 'User-Agent': 'test' } },
      },
      dsn,
      sdk,
    );
    const response = await post(serializeEnvelope(envelope), url);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({ id: eventId });

    expect(await events()).toEqual([
      expect.objectContaining({ eventId, level: 'error', title: 'Error: Profile insert failed', url: 'http://localhost:5173/sign-up/email', environment: 'local' }),
    ]);
    const page = await (await fetch(`${server.url}/_dev/errors`)).text();
    expect(page).toContain('<h1>Reported errors</h1>');
    expect(page).toContain('Error: Profile insert failed');
  });

  it('takes session envelopes and binary attachments (length-prefixed) without listing them as errors', async () => {
    const session = makeSession({ release: 'web@1', environment: 'local' });
    expect((await post(serializeEnvelope(createSessionEnvelope(session, dsn, sdk)))).status).toBe(200);

    const withAttachment = addItemToEnvelope(
      createEventEnvelope({ event_id: 'ab'.repeat(16), message: 'with a file', level: 'warning' }, dsn, sdk),
      createAttachmentEnvelopeItem({ filename: 'bytes.bin', data: new Uint8Array([0x0a, 0x00, 0xff, 0x0a, 0x7b]) }),
    );
    expect((await post(serializeEnvelope(withAttachment))).status).toBe(200);
    expect(await events()).toEqual([expect.objectContaining({ title: 'with a file', level: 'warning' })]);
    const items = (await (await fetch(`${server.url}/_dev/errors/api/items`)).json()) as { type: string; bytes: number }[];
    expect(items.map((item) => item.type).sort()).toEqual(['attachment', 'event', 'session']);
    expect(items.find((item) => item.type === 'attachment')?.bytes).toBe(5);
  });

  it('refuses envelopes without a key, malformed ones, and accepts the legacy X-Sentry-Auth header', async () => {
    const body = serializeEnvelope(createEventEnvelope({ event_id: 'cd'.repeat(16), message: 'legacy' }, dsn, sdk));
    const bare = `${server.url}/api/1/envelope/`;
    // The SDK adds `dsn` to the header only when tunnelling: this one carries no key at all.
    const withoutKey = String(body);
    expect(withoutKey.split('\n')[0]).not.toContain('dsn');
    expect((await post(withoutKey, bare)).status).toBe(401);
    expect((await post('{"event_id":"x"}\n{not json}\n{}', bare, { 'X-Sentry-Auth': 'Sentry sentry_key=local' })).status).toBe(400);
    expect((await post(withoutKey, bare, { 'X-Sentry-Auth': 'Sentry sentry_version=7, sentry_key=local, sentry_client=x/1' })).status).toBe(200);
    expect((await events()).map((event) => event.title)).toEqual(['legacy']);
  });
});
