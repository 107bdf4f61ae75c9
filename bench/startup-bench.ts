import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from './start-local-stack';

export interface StartupTiming {
  /** The first start: creates the database cluster and applies the migrations. */
  readonly firstStartMs: number;
  /** Restarts on the existing DATA_DIR, as printed by the server (since process start). */
  readonly restartsMs: readonly number[];
  readonly restartsCpuMs: readonly number[];
}

/**
 * Start-up of `npm start`'s server on a new DATA_DIR, then `runs` restarts on the same one. Figures are
 * the server's own "ready in" line (wall time since process start, and its CPU time).
 */
export async function startupBench(root: string, distDir: string, runs: number): Promise<StartupTiming> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  const env = { PORT: '0', DATA_DIR: dataDir, DIST_DIR: distDir };
  try {
    const first = await startLocalStack(root, env);
    await first.stop();
    const restartsMs: number[] = [];
    const restartsCpuMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const stack = await startLocalStack(root, env);
      const match = /ready in (\d+) ms .*?(\d+) ms of CPU/.exec(stack.readyLine);
      restartsMs.push(Number(match?.[1]));
      restartsCpuMs.push(Number(match?.[2]));
      await stack.stop();
    }
    return { firstStartMs: Number(/ready in (\d+)/.exec(first.readyLine)?.[1]), restartsMs, restartsCpuMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
