import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appBuildEnv } from '../../server/app-build-env';
import { createApiKeys } from '../../server/api-keys';
import { appEnvNames, appSourcePaths, buildInputs, recordInputs, recordName, staleReason } from '../../scripts/build-inputs.mjs';
import { freePort, startTestServer } from './support/test-server';

const repoRoot = resolve(import.meta.dirname, '../..');
const ownSecret = 'a-jwt-secret-of-our-own-with-at-least-32-characters';

function tempProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'build-inputs-'));
  mkdirSync(join(root, 'screens'));
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'screens', 'page.tsx'), 'export const a = 1;\n');
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'index.html'), 'built');
  return root;
}

describe('build inputs (scripts/build-inputs.mjs)', () => {
  const paths = ['index.html', 'screens'];
  const inputsOf = (root: string, env: NodeJS.ProcessEnv) => buildInputs({ root, paths, env, envNames: appEnvNames });

  it('a build is current only while the sources and the build environment are what it was made from', () => {
    const root = tempProject();
    const dist = join(root, 'dist');
    const env = { FLOW_ORDER: 'routes', VITE_SUPABASE_URL: 'https://x.supabase.co', PATH: '/usr/bin' };
    expect(staleReason(dist, 'index.html', inputsOf(root, env))).toBe(`no record of its inputs (${recordName})`);
    recordInputs(dist, inputsOf(root, env));
    expect(staleReason(dist, 'index.html', inputsOf(root, env))).toBeUndefined();
    // Variables the build does not read, and test files, change nothing.
    expect(staleReason(dist, 'index.html', inputsOf(root, { ...env, PATH: '/bin', JWT_SECRET: ownSecret }))).toBeUndefined();
    writeFileSync(join(root, 'screens', 'page.test.ts'), 'test');
    expect(staleReason(dist, 'index.html', inputsOf(root, env))).toBeUndefined();

    expect(staleReason(dist, 'index.html', inputsOf(root, { ...env, FLOW_ORDER: 'listing' }))).toBe('FLOW_ORDER changed');
    expect(staleReason(dist, 'index.html', inputsOf(root, { ...env, VITE_SUPABASE_URL: undefined }))).toBe('VITE_SUPABASE_URL changed');
    expect(staleReason(dist, 'index.html', inputsOf(root, { ...env, VITE_NEW: '1', DEPLOY_ENV: 'production' }))).toBe('DEPLOY_ENV, VITE_NEW changed');
    // The secret itself is never recorded (only the public keys derived from it are).
    expect(readFileSync(join(dist, recordName), 'utf8')).not.toContain(ownSecret);
  });

  it('a source edit counts even when the file keeps its old modification time', () => {
    const root = tempProject();
    const dist = join(root, 'dist');
    recordInputs(dist, inputsOf(root, {}));
    const file = join(root, 'screens', 'page.tsx');
    const before = statSync(file);
    writeFileSync(file, 'export const a = 2;\n');
    utimesSync(file, before.atime, before.mtime);
    expect(staleReason(dist, 'index.html', inputsOf(root, {}))).toBe('sources changed');
  });

  it('a missing build is stale whatever the record says', () => {
    const root = tempProject();
    const dist = join(root, 'dist');
    recordInputs(dist, inputsOf(root, {}));
    expect(staleReason(dist, 'missing.html', inputsOf(root, {}))).toBe('no build yet (missing.html missing)');
  });
});

describe('the public keys the app build gets from the server config (server/app-build-env.ts)', () => {
  it('follow JWT_SECRET, so a stack with its own secret gets a build with its anon key', async () => {
    const local = await appBuildEnv({});
    const own = await appBuildEnv({ JWT_SECRET: ownSecret });
    expect(own.VITE_SUPABASE_ANON_KEY).toBe((await createApiKeys({ jwtSecret: ownSecret })).anonKey);
    expect(own.VITE_SUPABASE_ANON_KEY).not.toBe(local.VITE_SUPABASE_ANON_KEY);
    expect(await appBuildEnv({ REVENUECAT_PUBLIC_KEY: 'rcb_own' })).toMatchObject({ VITE_REVENUECAT_PUBLIC_KEY: 'rcb_own' });
    expect(await appBuildEnv({ STRIPE_EMULATOR_PUBLISHABLE_KEY: 'pk_test_own' })).toMatchObject({ VITE_STRIPE_SANDBOX_PUBLISHABLE_KEY: 'pk_test_own' });
  });

  it('leave explicit values and builds for other hosts alone', async () => {
    expect(await appBuildEnv({ JWT_SECRET: ownSecret, VITE_SUPABASE_ANON_KEY: 'explicit' })).not.toHaveProperty('VITE_SUPABASE_ANON_KEY');
    expect(await appBuildEnv({ JWT_SECRET: ownSecret, VITE_SUPABASE_URL: 'https://x.supabase.co' })).not.toHaveProperty('VITE_SUPABASE_ANON_KEY');
    expect(await appBuildEnv({ VITE_REVENUECAT_API_URL: 'https://api.revenuecat.com/v1' })).not.toHaveProperty('VITE_REVENUECAT_PUBLIC_KEY');
  });
});

/** Variables of the test runner that would be build inputs; the child gets none of them. */
const buildRelevant = (name: string): boolean => name.startsWith('VITE_') || [...appEnvNames, 'JWT_SECRET', 'REVENUECAT_PUBLIC_KEY', 'STRIPE_EMULATOR_PUBLISHABLE_KEY', 'HOST'].includes(name);

describe('npm start (scripts/start.mjs)', () => {
  it('serves the recorded build as is, and rebuilds when FLOW_ORDER or JWT_SECRET changed', async () => {
    const prepared = await startTestServer();
    await prepared.close();
    const dist = join(prepared.dataDir, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>recorded build</title>');
    const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !buildRelevant(name)));
    const env = { ...baseEnv, NODE_OPTIONS: '', DATA_DIR: prepared.dataDir, DIST_DIR: dist };
    // What start.mjs computes for this environment: the record of a build made from exactly it.
    recordInputs(dist, buildInputs({ root: repoRoot, paths: appSourcePaths, env: { ...env, ...(await appBuildEnv(env)) }, envNames: appEnvNames }));

    const same = run({ ...env, PORT: String(await freePort()) });
    try {
      await expect.poll(same.output, { timeout: 120_000, interval: 200 }).toContain('Local stack ready');
      expect(same.output()).not.toContain('Building the app');
      const page = await fetch(`http://localhost:${/localhost:(\d+)/.exec(same.output())?.[1] ?? ''}/onboarding`);
      expect(await page.text()).toContain('recorded build');
    } finally {
      await same.stop();
    }

    const changed = run({ ...env, PORT: String(await freePort()), FLOW_ORDER: 'listing', JWT_SECRET: ownSecret });
    try {
      // Stopped as soon as it decides: the build itself is Vite's business, not this test's.
      await expect.poll(changed.output, { timeout: 120_000, interval: 200 }).toContain('Building the app (');
      expect(changed.output()).toContain('Building the app (FLOW_ORDER, VITE_SUPABASE_ANON_KEY changed)...');
    } finally {
      await changed.stop();
    }
  }, 300_000);
});

function run(env: NodeJS.ProcessEnv): { output: () => string; stop: () => Promise<void> } {
  // Its own process group: start.mjs runs vite build as a child, which must stop with it.
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  return {
    output: () => output,
    stop: async () => {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
      await exited;
    },
  };
}
