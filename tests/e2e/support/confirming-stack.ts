import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * A second local stack with e-mail confirmation on (AUTO_CONFIRM_EMAIL=false, hosted Supabase's
 * default), serving the build the configured-order server already made: no third production build.
 * It listens on E2E_PORT + 2 (the listing-order server has + 1) with its own data directory.
 */
export const confirmingPort = Number(process.env.E2E_PORT ?? 47311) + 2;
export const confirmingUrl = `http://localhost:${confirmingPort}`;
/** How long the stack may take to answer; the spec's beforeAll allows a little more. */
export const CONFIRMING_STACK_START_MS = 200_000;

export interface ConfirmingStack {
  stop(): Promise<void>;
}

export async function startConfirmingStack(): Promise<ConfirmingStack> {
  // The configured order's build: E2E_DIST_DIR when npm test passed one, else what playwright.config.ts
  // builds into $TMPDIR/funnel-e2e-<E2E_PORT>/dist.
  const dir = join(tmpdir(), `funnel-e2e-${confirmingPort - 2}`);
  const dist = process.env.E2E_DIST_DIR ? resolve(process.env.E2E_DIST_DIR) : join(dir, 'dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`no build at ${dist}: the configured-order web server makes it`);
  const dataDir = join(dir, 'confirm-data');
  rmSync(dataDir, { recursive: true, force: true });
  // MC: as playwright.config.ts, a country the consent notice does not ask (its pixel events are checked).
  const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
    env: { ...process.env, PORT: String(confirmingPort), DATA_DIR: dataDir, DIST_DIR: dist, AUTO_CONFIRM_EMAIL: 'false', GEO_DEFAULT_COUNTRY: 'MC' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await waitUntilHealthy(child, () => stderr);
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function waitUntilHealthy(child: ChildProcess, stderr: () => string): Promise<void> {
  // A fresh database and the server from source: about 10 s on a quiet machine, over a minute on a
  // loaded 2-core one; the same allowance as playwright.config.ts gives its web servers.
  const deadline = Date.now() + CONFIRMING_STACK_START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`confirming stack exited with ${child.exitCode}:\n${stderr()}`);
    try {
      if ((await fetch(`${confirmingUrl}/auth/v1/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`confirming stack did not answer within ${CONFIRMING_STACK_START_MS / 1000} s:\n${stderr()}`);
}
