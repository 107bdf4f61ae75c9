import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Ports of the harness's servers (A, B, C) and of the bench's own D; PERF_PORT_BASE moves them. */
const portBase = Number(process.env.PERF_PORT_BASE ?? 3210);

/** A visitor the flag sends to another flow than the baseline, and where that flow starts. */
export interface VariantVisitor {
  readonly flowId: string;
  readonly visitorId: string;
  readonly firstStepPath: string;
}

/** Lighthouse rounds of target E (the variant visitor), after the harness's own run. */
const VARIANT_RUNS = 5;

/**
 * Runs the side-by-side harness (`<perfDir>/run.sh`, README beside it) on this checkout and returns
 * its results folder. Adds target D: the same app built with `rootSpinnerMs: 0` in every flow
 * (a copy of flows/ in a temp folder, FLOWS_DIR), served by the harness's own static server, so the
 * report has the first step with and without the spec's spinner from one run. Then target E: a
 * visitor of another flow (the flag's lookup decides, so the stack's resolver must answer: `npm
 * start`, as B) opening the baseline's first step, measured with the harness's lighthouse.mjs.
 */
export async function runPerfHarness(root: string, perfDir: string, variantVisitor?: VariantVisitor): Promise<string> {
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
  // serve.mjs needs the harness's dependencies: installed here, as run.sh would on its first run (run.sh
  // then finds them). Starting D while run.sh was still installing them left D down for the whole run.
  if (!existsSync(join(perfDir, 'node_modules'))) {
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: perfDir, stdio: 'inherit' });
    if (install.status !== 0) throw new Error(`bench: npm ci in ${perfDir} failed`);
  }
  const serverD: ChildProcess = spawn(process.execPath, [join(perfDir, 'serve.mjs'), noSpinnerDist, String(portD)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bench: target D's server did not start on port ${String(portD)}`)), 30_000);
    serverD.stdout?.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('serving')) return;
      clearTimeout(timer);
      resolve();
    });
    serverD.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench: target D's server exited with ${String(code)}`));
    });
  });
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
  } finally {
    serverD.kill();
  }
  if (variantVisitor !== undefined) await measureVariantVisitor(root, perfDir, results, variantVisitor);
  return results;
}

/**
 * Target E: `npm start` on its own data folder, Lighthouse (the harness's script and settings) with the
 * variant visitor's cookie on the baseline's first step. Writes lh-E-<n>.json and variant-visitor.json.
 */
async function measureVariantVisitor(root: string, perfDir: string, results: string, visitor: VariantVisitor): Promise<void> {
  const port = portBase + 40;
  const url = `http://127.0.0.1:${String(port)}/onboarding/gender`;
  const data = mkdtempSync(join(tmpdir(), 'bench-variant-data-'));
  // Its own process group, so the stack's children stop with it.
  const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: data },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    const deadline = Date.now() + 240_000;
    for (;;) {
      const up = await fetch(url).then((response) => response.ok, () => false);
      if (up) break;
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`bench: target E's server did not start on port ${String(port)}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const lighthouse = spawnSync(process.execPath, [join(perfDir, 'lighthouse.mjs')], {
      cwd: perfDir,
      env: {
        ...process.env,
        RESULTS_DIR: results,
        LH_TARGETS: 'E',
        LH_RUNS: String(VARIANT_RUNS),
        URL_E: url,
        LABEL_E: `product, a ${visitor.flowId} visitor on the baseline's first step, \`npm start\``,
        PRODUCT_VISITOR_ID: visitor.visitorId,
      },
      stdio: 'inherit',
    });
    if (lighthouse.status !== 0) throw new Error('bench: Lighthouse on target E failed');
    writeFileSync(join(results, 'variant-visitor.json'), JSON.stringify(visitor));
  } finally {
    if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
  }
}
