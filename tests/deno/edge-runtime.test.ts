import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { denoBinary, denoEnv, edgeFunctionsServer, functionsConfig } from '../../scripts/deno-runtime.mjs';
import { startTestServer } from '../server/support/test-server';
import type { TestServer } from '../server/support/test-server';

const functionsDir = join(import.meta.dirname, '../../supabase/functions');
const functionNames = readdirSync(functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name)
  .sort();

function deno(args: readonly string[], env: Readonly<Record<string, string>> = {}) {
  const result = spawnSync(denoBinary, args, { env: denoEnv(env), encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// The functions as Supabase runs them: under Deno (the `deno` npm package's binary), each entry
// type-checked and served by Deno.serve, behind the local stack as behind Supabase's gateway
// (FUNCTIONS_RUNTIME=deno; scripts/test-deno-functions.sh also runs the payment, help-centre, webhook
// and tracking suites that way).
describe('Edge Functions under Deno', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('deno check: every entry and the runtime that serves them type-check with the deployed import map', () => {
    expect(functionNames.length).toBeGreaterThan(10);
    const entries = functionNames.map((name) => join(functionsDir, name, 'index.ts'));
    const checked = deno(['check', '--frozen', '--config', functionsConfig, ...entries, edgeFunctionsServer]);
    expect(checked.output).not.toMatch(/error/i);
    expect(checked.status).toBe(0);
    // A cold type check of stripe's types takes ~20 s on a quiet machine (cached afterwards in DENO_DIR).
  }, 180_000);

  it('requests through the gateway reach the functions in the Deno runtime', async () => {
    expect(server.edgeRuntimeOutput?.()).toContain(`Edge functions (${functionNames.join(', ')}) on http://127.0.0.1:`);
    const client = createClient(server.url, server.apiKeys.anonKey, { auth: { persistSession: false } });
    const { data: signedUp, error } = await client.auth.signUp({ email: 'deno-user@example.com', password: 'correct horse battery' });
    expect(error).toBeNull();
    const { data, error: invokeError } = await client.functions.invoke('set-revenuecat-customer-email', { body: {} });
    expect(invokeError).toBeNull();
    expect(data).toMatchObject({ email: 'deno-user@example.com' });
    // Only the Deno entry asks Auth about the session; the in-process runner checks the signature alone,
    // so this 401 shows the request was answered by the Deno function.
    const token = signedUp.session?.access_token ?? '';
    await client.auth.signOut();
    const stale = await fetch(`${server.url}/functions/v1/set-revenuecat-customer-email`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, apikey: server.apiKeys.anonKey, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(stale.status).toBe(401);
  });

  it('a function called directly (past the gateway) still acts only for a live session: forged and signed-out tokens get 401', async () => {
    const functionsUrl = server.config.functionsUrl;
    if (functionsUrl === undefined) throw new Error('FUNCTIONS_URL is not set: run under FUNCTIONS_RUNTIME=deno');
    const client = createClient(server.url, server.apiKeys.anonKey, { auth: { persistSession: false } });
    const { data } = await client.auth.signUp({ email: 'deno-direct@example.com', password: 'correct horse battery' });
    const session = data.session;
    if (session === null) throw new Error('no session');
    const direct = (token: string) =>
      fetch(`${functionsUrl}/set-revenuecat-customer-email`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });

    expect((await direct(session.access_token)).status).toBe(200);
    // Same claims, signed with a key that is not the project's: the gateway is bypassed, Auth refuses it.
    const forged = await new SignJWT({ sub: session.user.id, role: 'authenticated', email: 'attacker@example.com', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'));
    const refused = await direct(forged);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    expect((await direct('not-a-jwt')).status).toBe(401);
    await client.auth.signOut();
    expect((await direct(session.access_token)).status).toBe(401);
  });

  it('a deployment without a secret fails at start-up, naming the variable and what it is for', () => {
    const started = deno(['run', '--frozen', '--config', functionsConfig, '--allow-net', '--allow-env', '--allow-read', join(functionsDir, 'list-stripe-prices', 'index.ts')], {
      SUPABASE_URL: server.url,
      SUPABASE_ANON_KEY: server.apiKeys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: server.apiKeys.serviceRoleKey,
      STRIPE_WEBHOOK_SECRET: server.config.stripeWebhookSecret,
      REVENUECAT_SECRET_KEY: server.config.revenueCatSecretKey,
      STRIPE_SECRET_KEY: 'pk_live_not_a_secret_key',
    });
    expect(started.status).not.toBe(0);
    expect(started.output).toContain('Invalid Edge Function environment');
    expect(started.output).toContain('STRIPE_SECRET_KEY (the Stripe key the payment functions act with): a Stripe secret or restricted key');
  });
});
