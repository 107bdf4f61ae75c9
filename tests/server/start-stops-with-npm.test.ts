import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appBuildEnv } from '../../server/app-build-env';
import { appEnvNames, appSourcePaths, buildInputs, recordInputs } from '../../scripts/build-inputs.mjs';
import { freePort, startTestServer } from './support/test-server';

const repoRoot = resolve(import.meta.dirname, '../..');

/** Variables of the test runner that would be build inputs; the child gets none of them. */
const buildRelevant = (name: string): boolean => name.startsWith('VITE_') || [...appEnvNames, 'JWT_SECRET', 'REVENUECAT_PUBLIC_KEY', 'STRIPE_EMULATOR_PUBLISHABLE_KEY', 'HOST'].includes(name);

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolveAnswer) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolveAnswer(true);
    });
    socket.once('error', () => resolveAnswer(false));
  });
}

/** Whether any process of the group still runs (signal 0 only checks). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

interface NpmStart {
  readonly output: () => string;
  /** SIGTERM to npm's PID alone, as a process manager sends it; resolves once npm exited. */
  readonly terminate: () => Promise<void>;
  /** Whether any process npm started still runs. */
  readonly alive: () => boolean;
  readonly kill: () => void;
}

/** `npm start` in its own process group, so the test sees (and, whatever happens, ends) all it started. */
function npmStart(env: NodeJS.ProcessEnv): NpmStart {
  const npm = spawn('npm', ['start'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const pgid = npm.pid ?? 0;
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => npm.once('exit', () => resolveExit()));
  return {
    output: () => output,
    terminate: async () => {
      npm.kill('SIGTERM');
      await exited;
    },
    alive: () => groupAlive(pgid),
    kill: () => {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    },
  };
}

// Issue 26 section 11: a process manager stops `npm start` with SIGTERM to npm's PID; the server (or the
// build before it) must stop with it rather than stay behind as an orphan.
describe('npm start and SIGTERM', () => {
  async function prepare(): Promise<NodeJS.ProcessEnv> {
    const prepared = await startTestServer();
    await prepared.close();
    const dist = join(prepared.dataDir, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>recorded build</title>');
    const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !buildRelevant(name) && !name.startsWith('npm_')));
    const env = { ...baseEnv, NODE_OPTIONS: '', DATA_DIR: prepared.dataDir, DIST_DIR: dist, PORT: String(await freePort()), HOST: '127.0.0.1' };
    // A current build for this environment, so start.mjs starts the server without building the app.
    recordInputs(dist, buildInputs({ root: repoRoot, paths: appSourcePaths, env: { ...env, ...(await appBuildEnv(env)) }, envNames: appEnvNames }));
    return env;
  }

  it('SIGTERM to npm closes the server\'s port and leaves no process behind', async () => {
    const env = await prepare();
    const port = Number(env.PORT);
    const started = npmStart(env);
    try {
      await expect.poll(started.output, { timeout: 120_000, interval: 200 }).toContain('Local stack ready');
      expect(await portAnswers(port)).toBe(true);
      await started.terminate();
      // The server closes the database on the way out; then nothing npm started may remain.
      await expect.poll(started.alive, { timeout: 30_000, interval: 200 }).toBe(false);
      expect(await portAnswers(port)).toBe(false);
      expect(started.output()).toContain('SIGTERM: closing the server and the database');
    } finally {
      started.kill();
    }
  }, 240_000);

  it('SIGTERM to npm during the app build stops the build too', async () => {
    // Another FLOW_ORDER than the recorded build's: start.mjs rebuilds the app first.
    const started = npmStart({ ...(await prepare()), FLOW_ORDER: 'listing' });
    try {
      await expect.poll(started.output, { timeout: 120_000, interval: 200 }).toContain('Building the app (');
      await started.terminate();
      await expect.poll(started.alive, { timeout: 30_000, interval: 200 }).toBe(false);
      expect(started.output()).not.toContain('Local stack ready');

    } finally {
      started.kill();
    }
  }, 240_000);
});
