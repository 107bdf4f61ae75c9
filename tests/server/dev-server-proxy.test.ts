import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
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
    await vite.close();
    await stack.close();
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

describe('npm run dev (scripts/dev.mjs)', () => {
  it('starts a local stack behind the dev server when none answers, and sign-up works through it', async () => {
    const prepared = await startTestServer();
    await prepared.close();
    const stackPort = await freePort();
    const devPort = await freePort();
    const child = spawn(process.execPath, ['scripts/dev.mjs', '--port', String(devPort)], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: '', LOCAL_STACK_URL: `http://localhost:${stackPort}`, DATA_DIR: prepared.dataDir, DIST_DIR: join(prepared.dataDir, 'no-dist') },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: the stack and vite are its children and stop with it.
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
    try {
      await expect.poll(() => output, { timeout: 90_000, interval: 200 }).toMatch(/ready in[\s\S]*ready in|ready in[\s\S]*Local stack ready/i);
      await expect.poll(() => output, { timeout: 30_000, interval: 200 }).toContain(`localhost:${devPort}`);
      expect(output).toContain(`SITE_URL http://localhost:${devPort}`);
      const client = createClient(`http://localhost:${devPort}`, prepared.apiKeys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
      const signUp = await client.auth.signUp({ email: `dev-script-${Date.now()}@example.com`, password: 'correct horse battery' });
      expect(signUp.error).toBeNull();
      expect(signUp.data.session?.access_token).toBeTruthy();
    } finally {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
  }, 180_000);
});
