import { resolve } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { createServer } from 'vite';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

const root = resolve(import.meta.dirname, '../..');

/**
 * `npm run dev` serves the app from Vite's dev server; the app talks to its own origin, so Vite must
 * forward the stack's paths (vite.config.ts server.proxy, target LOCAL_STACK_URL). This starts the dev
 * server from the project's own vite.config.ts against a test stack and signs up through it.
 */
describe('the Vite dev server (npm run dev)', () => {
  let stack: TestServer;
  let vite: ViteDevServer;
  let devUrl: string;

  beforeAll(async () => {
    stack = await startTestServer();
    const previous = process.env.LOCAL_STACK_URL;
    process.env.LOCAL_STACK_URL = stack.url;
    try {
      const port = await freePort();
      vite = await createServer({ configFile: resolve(root, 'vite.config.ts'), root, logLevel: 'error', server: { port, strictPort: true, hmr: false } });
      await vite.listen();
      devUrl = `http://localhost:${port}`;
    } finally {
      if (previous === undefined) delete process.env.LOCAL_STACK_URL;
      else process.env.LOCAL_STACK_URL = previous;
    }
  });

  afterAll(async () => {
    await vite?.close();
    await stack?.close();
  });

  it('signs up and signs in with supabase-js through the dev server', async () => {
    const options = { auth: { persistSession: false, autoRefreshToken: false } };
    const client = createClient(devUrl, stack.apiKeys.anonKey, options);
    const email = `dev-proxy-${Date.now()}@example.com`;
    const signUp = await client.auth.signUp({ email, password: 'correct horse battery' });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session?.access_token).toBeTruthy();
    const signIn = await createClient(devUrl, stack.apiKeys.anonKey, options).auth.signInWithPassword({ email, password: 'correct horse battery' });
    expect(signIn.error).toBeNull();
    const rows = await stack.db.query('select email from auth.users where email = $1', [email]);
    expect(rows.rows).toEqual([{ email }]);
  });

  it('forwards the REST, RevenueCat and dev paths, and serves the app itself', async () => {
    expect((await fetch(`${devUrl}/rest/v1/fx_rates?select=*&limit=1`, { headers: { apikey: stack.apiKeys.anonKey } })).status).toBe(200);
    expect((await fetch(`${devUrl}/revenuecat/v1/subscribers/x`)).status).toBe(401);
    expect((await fetch(`${devUrl}/_dev/mail/api/v1/messages`)).status).toBe(200);
    const page = await fetch(`${devUrl}/onboarding`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/@vite/client');
  });
});
