import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** node:http, since fetch will not send a Host header of our choosing (DNS rebinding's whole trick). */
function send(server: TestServer, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port: url.port, path: `${url.pathname}${url.search}`, method: options.method ?? 'GET', headers: { host: `localhost:${url.port}`, ...options.headers } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** The headers a browser adds to a no-cors text/plain POST from a page on another site. */
const foreignPage = { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'content-type': 'text/plain;charset=UTF-8' };

// Issue 26 section 10: the unauthenticated dev routes answer only this machine's host names and refuse
// state changes from other sites; the mailbox's HTML view keeps its sandbox.
describe('who can reach the dev routes', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function mailCount(): Promise<number> {
    const answer = await send(server, '/_dev/mail/api/v1/messages');
    expect(answer.status).toBe(200);
    const parsed: unknown = JSON.parse(answer.body);
    return typeof parsed === 'object' && parsed !== null && 'total' in parsed && typeof parsed.total === 'number' ? parsed.total : -1;
  }

  async function recoveryMail(email: string): Promise<void> {
    const signUp = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.apiKeys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    expect(signUp.status).toBe(200);
    const recover = await fetch(`${server.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: server.apiKeys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(recover.status).toBe(200);
  }

  it('a foreign host name (DNS rebinding) cannot read the mailbox; this machine\'s names can', async () => {
    await recoveryMail('rebinding@example.com');
    const port = new URL(server.url).port;
    for (const host of [`rebind.attacker.example:${port}`, `attacker.example`]) {
      const answer = await send(server, '/_dev/mail/api/v1/messages', { headers: { host } });
      expect(answer.status).toBe(403);
      expect(answer.body).not.toContain('rebinding@example.com');
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      const answer = await send(server, '/_dev/mail/api/v1/messages', { headers: { host } });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('rebinding@example.com');
    }
    expect((await send(server, '/micro/good', { headers: { host: 'attacker.example' } })).status).toBe(403);
  });

  it('a cross-site text/plain POST cannot grant a subscription; a same-origin one can', async () => {
    const email = 'grant@example.com';
    await recoveryMail(email);
    const grant = JSON.stringify({ email, store: 'app_store', product_id: 'yearly' });

    const refused = await send(server, '/_dev/revenuecat/subscriptions', { method: 'POST', headers: foreignPage, body: grant });
    expect(refused.status).toBe(403);
    const users = await server.db.query<{ id: string }>('select id::text as id from auth.users where email = $1', [email]);
    const userId = users.rows[0]?.id ?? '';
    const rows = await server.db.query('select 1 from revenuecat.subscriptions where app_user_id = $1', [userId]);
    expect(rows.rows).toHaveLength(0);

    // Another site's page without Sec-Fetch-Site (an older browser) still sends Origin.
    const { 'sec-fetch-site': _site, ...originOnly } = foreignPage;
    expect((await send(server, '/_dev/revenuecat/subscriptions', { method: 'POST', headers: originOnly, body: grant })).status).toBe(403);

    const sameOrigin = { origin: server.url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
    expect((await send(server, '/_dev/revenuecat/subscriptions', { method: 'POST', headers: sameOrigin, body: grant })).status).toBe(201);
  });

  it('a cross-site DELETE or fault switch changes nothing', async () => {
    await recoveryMail('delete@example.com');
    const before = await mailCount();
    expect(before).toBeGreaterThan(0);
    expect((await send(server, '/_dev/mail/api/v1/messages', { method: 'DELETE', headers: foreignPage })).status).toBe(403);
    expect(await mailCount()).toBe(before);

    const fault = JSON.stringify({ service: 'snowplow', mode: 'hang' });
    expect((await send(server, '/_dev/faults', { method: 'POST', headers: foreignPage, body: fault })).status).toBe(403);
    expect((await send(server, '/_dev/faults')).body).not.toContain('hang');
  });

  it('the mailbox\'s HTML view keeps its sandbox policy', async () => {
    await recoveryMail('sandbox@example.com');
    const latest = JSON.parse((await send(server, '/_dev/mail/api/v1/message/latest')).body) as { ID: string };
    const html = await send(server, `/_dev/mail/messages/${latest.ID}/html`);
    expect(html.status).toBe(200);
    const policy = String(html.headers['content-security-policy']);
    expect(policy).toMatch(/^sandbox /);
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain("script-src 'self'");
  });
});
