import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiKeys } from '../../server/api-keys';
import { LOCAL_JWT_SECRET, LOCAL_REVENUECAT_SECRET_KEY } from '../../server/config';

const script = resolve(import.meta.dirname, '../../scripts/check-dist-secrets.mjs');

function check(files: Record<string, string>, env: Record<string, string> = {}): { status: number | null; output: string } {
  const dist = mkdtempSync(join(tmpdir(), 'dist-secrets-'));
  mkdirSync(join(dist, 'assets'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dist, name), content);
  const result = spawnSync(process.execPath, [script, dist], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('check-dist-secrets', () => {
  it('passes a bundle with only the public anon key', async () => {
    const { anonKey } = await createApiKeys({ jwtSecret: LOCAL_JWT_SECRET });
    const result = check({ 'index.html': '<html></html>', 'assets/index-1.js': `const key = "${anonKey}";` });
    expect(result.status, result.output).toBe(0);
  });

  it.each([
    ['the service-role key', async () => (await createApiKeys({ jwtSecret: LOCAL_JWT_SECRET })).serviceRoleKey],
    ['the local JWT secret', async () => LOCAL_JWT_SECRET],
    ['the RevenueCat secret key', async () => LOCAL_REVENUECAT_SECRET_KEY],
    ['a Stripe secret key', async () => 'sk_test_51AbCdEfGhIjKlMnOp'],
  ])('fails on %s', async (_name, secret) => {
    const result = check({ 'assets/index-1.js': `const x = "${await secret()}";` });
    expect(result.status, result.output).toBe(1);
    expect(result.output).toContain('assets/index-1.js');
  });

  it('fails on a configured JWT_SECRET', () => {
    const result = check({ 'assets/a.js': 'const s = "my-own-production-secret-value-1234567890";' }, { JWT_SECRET: 'my-own-production-secret-value-1234567890' });
    expect(result.status).toBe(1);
  });
});
