import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignVariant } from '../../engine/assign-variant';
import { LOCAL_CONFIDENCE_CLIENT_SECRET } from '../../services/flags/flag-settings';
import { compiledFlows } from '../e2e/support/compiled-flows';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

const { variants } = compiledFlows();
const flagName = `flags/${variants.flag}`;

/** A visitor id the YAML allocation puts in `variant`. */
function visitorIn(variant: string): string {
  for (let i = 0; i < 10_000; i++) if (assignVariant(`${variants.flag}:v-${i}`, variants.allocation) === variant) return `v-${i}`;
  throw new Error(`no visitor for ${variant}`);
}

describe('the Confidence resolver stand-in (/confidence/v1/flags:resolve and :apply, WIRE.md)', () => {
  let server: TestServer;
  // Exactly what @spotify-confidence/openfeature-web-provider sends: a string body, no Content-Type.
  const post = (action: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/confidence/v1/flags:${action}`, { method: 'POST', body: JSON.stringify(body), headers: { Origin: 'http://localhost:5173', ...headers } });
  const resolve = (visitorId: string, extra: Record<string, unknown> = {}) =>
    post('resolve', { clientSecret: LOCAL_CONFIDENCE_CLIENT_SECRET, evaluationContext: { targeting_key: visitorId, visitor_id: visitorId }, apply: false, flags: [], ...extra });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('resolves every variant of variants.yaml by the visitor hash, the same answer every time, readable cross-origin', async () => {
    expect(Object.keys(variants.allocation).length).toBeGreaterThan(1);
    for (const variant of Object.keys(variants.allocation)) {
      const visitorId = visitorIn(variant);
      const answer = await resolve(visitorId);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      const body = (await answer.json()) as { resolvedFlags: unknown[]; resolveToken: string };
      expect(body.resolvedFlags).toEqual([
        { flag: flagName, variant: `${flagName}/variants/${variant}`, value: { variant }, flagSchema: { schema: { variant: { stringSchema: {} } } }, reason: 'RESOLVE_REASON_MATCH' },
      ]);
      expect(body.resolveToken).not.toBe('');
      const again = (await (await resolve(visitorId)).json()) as { resolvedFlags: unknown[] };
      expect(again.resolvedFlags).toEqual(body.resolvedFlags);
    }
    // Naming the flag works as well; naming another one returns nothing.
    const named = (await (await resolve('v-1', { flags: [flagName] })).json()) as { resolvedFlags: unknown[] };
    expect(named.resolvedFlags).toHaveLength(1);
    const other = (await (await resolve('v-1', { flags: ['flags/other'] })).json()) as { resolvedFlags: unknown[] };
    expect(other.resolvedFlags).toEqual([]);
  });

  it('answers a missing targeting key with no segment match, and refuses a wrong secret or a non-JSON body', async () => {
    const anonymous = (await (await post('resolve', { clientSecret: LOCAL_CONFIDENCE_CLIENT_SECRET, evaluationContext: {}, flags: [] })).json()) as { resolvedFlags: Array<{ reason: string }> };
    expect(anonymous.resolvedFlags[0]?.reason).toBe('RESOLVE_REASON_NO_SEGMENT_MATCH');
    expect((await post('resolve', { clientSecret: 'wrong', evaluationContext: { targeting_key: 'v-1' }, flags: [] })).status).toBe(401);
    const notJson = await fetch(`${server.url}/confidence/v1/flags:resolve`, { method: 'POST', body: 'not json' });
    expect(notJson.status).toBe(400);
  });

  it('records an exposure per applied flag of a resolve token, and rejects a forged token', async () => {
    await fetch(`${server.url}/_dev/confidence/applied`, { method: 'DELETE' });
    const variant = Object.keys(variants.allocation)[1] ?? '';
    const visitorId = visitorIn(variant);
    const { resolveToken } = (await (await resolve(visitorId)).json()) as { resolveToken: string };
    const applyTime = '2026-11-23T14:00:00.000Z';
    const applied = await post('apply', { clientSecret: LOCAL_CONFIDENCE_CLIENT_SECRET, resolve_token: resolveToken, flags: [{ flag: flagName, applyTime }], sendTime: applyTime });
    expect(applied.status).toBe(200);
    expect(await (await fetch(`${server.url}/_dev/confidence/applied`)).json()).toEqual([{ visitorId, flag: variants.flag, variant, applyTime }]);
    expect((await post('apply', { clientSecret: LOCAL_CONFIDENCE_CLIENT_SECRET, resolve_token: 'forged', flags: [{ flag: flagName, applyTime }] })).status).toBe(400);
    expect((await post('apply', { clientSecret: LOCAL_CONFIDENCE_CLIENT_SECRET, resolve_token: resolveToken, flags: [{ flag: 'flags/other', applyTime }] })).status).toBe(400);
    // `apply: true` in the resolve body (the provider without its apply option) is an exposure too.
    await resolve(visitorId, { apply: true });
    expect(((await (await fetch(`${server.url}/_dev/confidence/applied`)).json()) as unknown[]).length).toBe(2);
  });

  it('fails with the dev-faults switch for flags, per browser cookie', async () => {
    await expect(resolve('v-1', {}).then(() => post('resolve', { clientSecret: LOCAL_CONFIDENCE_CLIENT_SECRET, evaluationContext: { targeting_key: 'v-1' } }, { Cookie: 'dev-faults=flags:fail' }))).rejects.toThrow();
  });
});
