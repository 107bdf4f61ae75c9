import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Ports of the harness's servers (A, B, C) and of the bench's own D; PERF_PORT_BASE moves them. */
const portBase = Number(process.env.PERF_PORT_BASE ?? 3210);

/**
 * Runs the side-by-side harness (`<perfDir>/run.sh`, README beside it) on this checkout and returns
 * its results folder. Adds target D: the same app built with `rootSpinnerMs: 0` in every flow
 * (a copy of flows/ in a temp folder, FLOWS_DIR), served by the harness's own static server, so the
 * report has the first step with and without the spec's spinner from one run.
 */
export async function runPerfHarness(root: string, perfDir: string): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), 'bench-perf-'));
  const flows = join(work, 'flows');
  cpSync(join(root, 'flows'), flows, { recursive: true });
  for (const file of readdirSync(flows).filter((name) => name.endsWith('.yaml'))) {
    const path = join(flows, file);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^rootSpinnerMs: \d+$/m, 'rootSpinnerMs: 0'));
  }
  const noSpinnerDist = join(work, 'dist-no-spinner');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--outDir', noSpinnerDist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, FLOWS_DIR: flows },
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('bench: the rootSpinnerMs 0 build failed');

  const results = join(work, 'results');
  const portD = portBase + 30;
  // The harness installs its own dependencies (serve.mjs needs them) on its first run; D starts once they exist.
  let serverD: ChildProcess | undefined;
  const startD = (): void => {
    if (serverD !== undefined || !existsSync(join(perfDir, 'node_modules', 'sirv'))) return;
    serverD = spawn(process.execPath, [join(perfDir, 'serve.mjs'), noSpinnerDist, String(portD)], { stdio: 'ignore' });
  };
  startD();
  const waitForDeps = setInterval(startD, 2000);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const harness = spawn('bash', [join(perfDir, 'run.sh')], {
        cwd: root,
        env: {
          ...process.env,
          PRODUCT_DIR: root,
          RESULTS_DIR: results,
          PORT_A: String(portBase),
          PORT_B: String(portBase + 10),
          PORT_C: String(portBase + 20),
          LH_TARGETS: 'ABCD',
          URL_D: `http://127.0.0.1:${String(portD)}/onboarding/gender`,
          LABEL_D: 'product, rootSpinnerMs 0, compressing static server',
        },
        stdio: 'inherit',
      });
      harness.on('error', reject);
      harness.on('exit', resolve);
    });
    if (code !== 0) throw new Error(`bench: ${join(perfDir, 'run.sh')} exited with ${String(code)}`);
    return results;
  } finally {
    clearInterval(waitForDeps);
    serverD?.kill();
  }
}
