import { spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiKeys } from '../../server/api-keys';
import { isLoopbackHost, LOCAL_JWT_SECRET, loadServerConfig } from '../../server/config';
import { freePort, startTestServer } from './support/test-server';

const repoRoot = resolve(import.meta.dirname, '../..');

/** This machine's first non-loopback IPv4 address, to prove what the server does not listen on. */
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4')?.address;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

interface Run {
  readonly output: () => string;
  readonly exited: Promise<number | null>;
  readonly kill: () => void;
}

/** The real entry point (server/main.ts), as `npm start` runs it, with only the given environment changes. */
function runMain(env: Record<string, string>): Run {
  // The test runner's own settings for these must not leak into the child.
  const inherited = Object.entries(process.env).filter(([name]) => !controlled.has(name));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: { ...Object.fromEntries(inherited), NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return {
    output: () => output,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
  };
}

const controlled = new Set(['HOST', 'DEV_ROUTES', 'ALLOW_INSECURE_PUBLIC', 'PRINT_SERVICE_ROLE_KEY', 'JWT_SECRET', 'REVENUECAT_SECRET_KEY', 'STRIPE_EMULATOR_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);

describe('where the local stack listens', () => {
  it('by default: both loopback addresses, and not the machine’s network address', async () => {
    const server = await startTestServer();
    try {
      expect(server.config.host).toBe('localhost');
      expect(server.addresses).toEqual(['127.0.0.1', '::1']);
      expect(await answers(`http://127.0.0.1:${server.port}/auth/v1/health`)).toBe(true);
      expect(await answers(`http://[::1]:${server.port}/auth/v1/health`)).toBe(true);
      const external = externalAddress();
      if (external === undefined) console.log('network-exposure: no non-loopback IPv4 address here; the "not reachable from the network" check was skipped');
      else expect(await answers(`http://${external}:${server.port}/auth/v1/health`)).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('DEV_ROUTES=off removes the mailbox and the free subscription grants', async () => {
    const server = await startTestServer({ env: { DEV_ROUTES: 'off' } });
    try {
      expect((await fetch(`${server.url}/_dev/mail/api/v1/messages`)).status).toBe(404);
      const grant = await fetch(`${server.url}/_dev/revenuecat/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ app_user_id: 'f2c1d7a4-0000-4000-8000-000000000001', store: 'app_store', product_id: 'ios_monthly' }),
      });
      expect(grant.status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('HOST names loopback only when it is localhost, 127.0.0.0/8 or ::1', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.0.2.2', 'fd00::2', 'example.com', 'localhost.example.com']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('a non-loopback HOST is refused at config time for each unsafe default, and accepted once all are fixed', () => {
    const strongSecret = 'a-secret-of-our-own-with-at-least-32-characters';
    const ownSecrets = { JWT_SECRET: strongSecret, REVENUECAT_SECRET_KEY: 'sk_own', STRIPE_EMULATOR_SECRET_KEY: 'sk_test_own', STRIPE_WEBHOOK_SECRET: 'whsec_own' };
    expect(() => loadServerConfig({ HOST: '0.0.0.0' })).toThrow(/JWT_SECRET[\s\S]*REVENUECAT_SECRET_KEY[\s\S]*STRIPE_EMULATOR_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET[\s\S]*DEV_ROUTES=off/);
    expect(() => loadServerConfig({ HOST: '0.0.0.0', ...ownSecrets })).toThrow(/DEV_ROUTES=off/);
    expect(() => loadServerConfig({ HOST: '::', DEV_ROUTES: 'off', ...ownSecrets, JWT_SECRET: undefined })).toThrow(/JWT_SECRET is the well-known/);
    expect(() => loadServerConfig({ HOST: '::', DEV_ROUTES: 'off', ...ownSecrets, STRIPE_EMULATOR_SECRET_KEY: undefined })).toThrow(/STRIPE_EMULATOR_SECRET_KEY is the well-known/);
    expect(() => loadServerConfig({ HOST: '::', DEV_ROUTES: 'off', ...ownSecrets, STRIPE_WEBHOOK_SECRET: undefined })).toThrow(/STRIPE_WEBHOOK_SECRET is the well-known/);
    expect(loadServerConfig({ HOST: '0.0.0.0', DEV_ROUTES: 'off', ...ownSecrets }).host).toBe('0.0.0.0');
    expect(loadServerConfig({ HOST: '0.0.0.0', ALLOW_INSECURE_PUBLIC: '1' }).allowInsecurePublic).toBe(true);
  });
});

describe('npm start (server/main.ts) on a non-loopback address', () => {
  it('refuses to start with the local secrets and the dev routes, saying what to change', async () => {
    const run = runMain({ HOST: '0.0.0.0', PORT: String(await freePort()) });
    // A server that wrongly starts must not outlive the test.
    const timer = setTimeout(run.kill, 20_000);
    const code = await run.exited;
    clearTimeout(timer);
    expect(code).toBe(1);
    const output = run.output();
    expect(output).toContain('Refusing to listen on 0.0.0.0');
    expect(output).toContain('JWT_SECRET is the well-known local default');
    expect(output).toContain('REVENUECAT_SECRET_KEY is the well-known local default');
    expect(output).toContain('set DEV_ROUTES=off');
    expect(output).toContain('ALLOW_INSECURE_PUBLIC=1');
    expect(output).not.toContain('Local stack ready');
  });

  it('starts with ALLOW_INSECURE_PUBLIC=1, warns, and still keeps the service-role key out of the log', async () => {
    const prepared = await startTestServer();
    await prepared.close();
    const port = await freePort();
    const run = runMain({
      HOST: '0.0.0.0',
      ALLOW_INSECURE_PUBLIC: '1',
      PORT: String(port),
      DATA_DIR: prepared.dataDir,
      DIST_DIR: `${prepared.dataDir}/no-dist`,
    });
    try {
      await expect.poll(() => run.output(), { timeout: 30_000, interval: 100 }).toContain('Local stack ready');
      const output = run.output();
      expect(output).toContain('WARNING           ALLOW_INSECURE_PUBLIC=1 on 0.0.0.0');
      expect(output).toContain('listening on      0.0.0.0:');
      const { serviceRoleKey } = await createApiKeys({ jwtSecret: LOCAL_JWT_SECRET });
      expect(output).not.toContain(serviceRoleKey);
      expect(output).toContain('PRINT_SERVICE_ROLE_KEY=1 prints it');
      const external = externalAddress();
      if (external === undefined) console.log('network-exposure: no non-loopback IPv4 address here; the reachability check was skipped');
      else expect(await answers(`http://${external}:${port}/auth/v1/health`)).toBe(true);
    } finally {
      run.kill();
      await run.exited;
    }
  });
});
