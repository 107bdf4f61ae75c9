import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { freePort } from './test-server';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** How long the real entry point may take to say it is ready (tsx compiles on start; slow on a loaded machine). */
const READY_TIMEOUT = 60_000;

/**
 * A test that spawns the stack also starts in-process servers around it: its timeout must exceed the
 * spawn's own wait, or vitest's default 30 s ends the test before the spawn could report why.
 */
export const SPAWNED_STACK_TEST_TIMEOUT = READY_TIMEOUT + 60_000;

export interface StackProcess {
  readonly port: number;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** SIGKILL (kill -9) and the signal the process died of. */
  killHard(): Promise<NodeJS.Signals | null>;
  /** Makes sure nothing outlives the test, whatever happened. */
  stop(): void;
}

/**
 * Runs the real entry point (server/main.ts) on a data directory the test prepared, as `npm start` would,
 * and resolves once it says it is ready: persistence tests need a separate process they can kill -9.
 */
export async function spawnStackProcess(dataDir: string): Promise<StackProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: `${dataDir}/no-dist`, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolveExit) => child.once('exit', (_code, signal) => resolveExit(signal)));
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    await expect.poll(() => output, { timeout: READY_TIMEOUT, interval: 100 }).toContain('Local stack ready');
  } catch (error) {
    stop();
    throw error;
  }
  return {
    port,
    output: () => output,
    killHard: () => {
      child.kill('SIGKILL');
      return exited;
    },
    stop,
  };
}
