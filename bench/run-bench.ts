import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { debianChromium } from '../tests/support/debian-chromium';
import { browserBudget, type LoadedFile } from './browser-budget';
import { bundleBudget, byteShares, firstStepBudgetBytes, productSource, stripeCodeIn } from './bundle-budget';
import { startLocalStack } from './start-local-stack';
import { chunkModulesFile } from '../tooling/vite-plugin-chunk-modules';
import { startupBench } from './startup-bench';
import { stripeEmulatorBench } from './stripe-emulator-bench';
import { formatLoadBench, loadBench, loadBenchFailures } from './load-bench';
import { runPerfHarness } from './perf-harness';
import { formatTargets, perfTargets } from './perf-targets';
import type { FlowCompileTiming } from './flow-compile-bench';
import { flowCompileBench } from './flow-compile-bench';
import { firstPaintDevicesBench, formatDeviceFigures } from './first-paint-devices-bench';
import { servedFlowVisitors } from './served-flow-visitors';

/**
 * `npm run bench`: prints the budget report of issue 2 section 4 and exits 1 when a budget is broken.
 *   1. flow compile time of generated 50/500/5000-step flows (budget: 500 steps <= 200 ms)
 *   2. bundle budgets from the last `npm run build` (first step's JS <= 110 KB gzip (issue 14); no YAML parser,
 *      no classic zod in dist), statically from the manifest and as measured in chromium
 *   3. no request between two question steps except chunks and images (measured in chromium)
 *   (2 and 3 in chromium for every flow the flag can send a visitor to, from the compiled variants)
 *   4. `npm start` restart on an existing DATA_DIR (issue 3: under 2 s)
 *   5. Stripe emulator throughput (issue 9), reported only
 *   6. load on the local stack (issue 15 section 3): sign-up, profile insert, token refresh, REST reads,
 *      function calls, subscription, payment, receipt and collector posts with autocannon, rps and
 *      p50/p95/p99 each, then every accepted write looked up in the database (`npm run bench:load` alone)
 *   7. the first paint's devices (compile hints, held scripts, early-tap replay) side by side with each
 *      switched off: first paint, step shown, hydration, early tap and first tap (bench/first-paint-devices-bench.ts);
 *      fails when a device does not apply
 *   8. issue 14's phone targets from the side-by-side harness (../shared/perf/run.sh, PERF_DIR), one
 *      table with the goal, the figure and the verdict, and the load average it ran under; with the
 *      bench's own targets D (rootSpinnerMs 0) and E (a visitor the flag sends to another flow, opening
 *      the baseline's first step on `npm start`), see bench/perf-harness.ts
 * Numbers are wall-clock on whatever machine runs this: on a busy one they are inflated.
 */
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const compileBudgetMs = 200;
const failures: string[] = [];

console.log('Flow compile (generated flow + a child extending it; median of several runs, ms)\n');
const timings: FlowCompileTiming[] = [50, 500, 5000].map((steps) =>
  // 5000 steps takes seconds per run: fewer runs keep the bench quick without changing the picture.
  steps >= 5000 ? flowCompileBench(steps, 3, 1) : flowCompileBench(steps, 9, 3),
);
const row = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padStart(6) : c.padStart(9))).join('  ');
console.log(row(['steps', 'load', 'resolve', 'verify', 'compile', 'total']));
for (const t of timings) {
  console.log(row([String(t.steps), ms(t.loadMs), ms(t.resolveMs), ms(t.verifyMs), ms(t.compileMs), ms(t.totalMs)]));
}
console.log('\n(load = YAML parse + migrate + schema of both files; total = the whole pipeline as the Vite plugin and');
console.log(' `flows check` run it, including translations and the steps above)\n');
const at500 = timings.find((t) => t.steps === 500);
if (at500 !== undefined) {
  const ok = at500.totalMs <= compileBudgetMs;
  console.log(`budget: 500-step flow compile <= ${compileBudgetMs} ms: ${ms(at500.totalMs)} ms - ${ok ? 'OK' : 'OVER BUDGET'}`);
  if (!ok) failures.push('flow compile');
}

// ---------------------------------------------------------------------------------------------------
// Bundle budgets (issue 2 section 4): measured on the last production build (`npm run build`).
// ---------------------------------------------------------------------------------------------------
console.log('\nBundle (from the last `npm run build`)\n');
// `npm run bench -- --dist <dir>` measures another build output (e.g. one built with --outDir elsewhere).
const distArg = process.argv.indexOf('--dist');
const distDir = distArg >= 0 && process.argv[distArg + 1] !== undefined ? resolve(process.argv[distArg + 1] ?? '') : join(root, 'dist');
const bundle = bundleBudget(distDir);
if (bundle === undefined) {
  console.log('skipped: no dist/.vite/manifest.json - run `npm run build` first');
} else {
  for (const f of bundle.firstStepFiles) console.log(`  ${kb(f.gzipBytes).padStart(9)} KB  ${f.file}`);
  // Not the budget: the step's route, machine and flow are lazy chunks this view does not see (decision
  // 0261). The budget is checked below on what the page requests before app-ready.
  console.log(`the entry and its static imports: ${kb(bundle.firstStepGzipBytes)} KB gzip (the first step's budget is checked in the page below)`);
  if (bundle.stripeInFirstStep.length === 0) {
    console.log("budget: no Stripe code in the first step's JavaScript (it loads with the payment route): OK");
  } else {
    for (const f of bundle.stripeInFirstStep) console.log(`budget: ${f.library} in the first step's dist/${f.file} - FAIL`);
    failures.push('Stripe code in the first step');
  }
  if (bundle.checkoutInFirstStep === undefined) {
    console.log(`budget: no checkout code in the first step: not measured (the build wrote no ${chunkModulesFile})`);
    failures.push('checkout code in the first step (not measured)');
  } else if (bundle.checkoutInFirstStep.length === 0) {
    console.log("budget: no checkout code (issue 10's pages, machines, payments, tracking, location, receipts) in the first step: OK");
  } else {
    for (const f of bundle.checkoutInFirstStep) console.log(`budget: checkout code ${f.module} (${f.bytes} bytes) in the first step's dist/${f.file} - FAIL`);
    failures.push('checkout code in the first step');
  }
  if (bundle.answerStoreInFirstStep === undefined) {
    console.log(`budget: no answer-store code in the first step: not measured (the build wrote no ${chunkModulesFile})`);
    failures.push('answer-store code in the first step (not measured)');
  } else if (bundle.answerStoreInFirstStep.length === 0) {
    console.log("budget: no answer-store code (restore, storage keys; issue 28) in the first step: OK");
  } else {
    for (const f of bundle.answerStoreInFirstStep) console.log(`budget: answer-store code ${f.module} (${f.bytes} bytes) in the first step's dist/${f.file} - FAIL`);
    failures.push('answer-store code in the first step');
  }
  if (bundle.forbidden.length === 0) {
    console.log('budget: no YAML parser and no classic zod in dist: OK');
  } else {
    for (const f of bundle.forbidden) console.log(`budget: ${f.library} found in dist/${f.file} - FAIL`);
    failures.push('build-time libraries in the bundle');
  }
}

// ---------------------------------------------------------------------------------------------------
// Measured in the browser and on the running server (needs the build and the compiled server).
// ---------------------------------------------------------------------------------------------------
const { executablePath: chromiumPath } = debianChromium;
const serverEntry = join(root, 'dist-server/server/main.mjs');
if (bundle === undefined || !existsSync(serverEntry) || !existsSync(chromiumPath)) {
  console.log('\nBrowser and start-up measurements skipped: needs `npm run build`, `node scripts/build-server.mjs` and /usr/bin/chromium');
} else {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-browser-'));
  const stack = await startLocalStack(root, { PORT: '0', DATA_DIR: dataDir, DIST_DIR: distDir });
  try {
    for (const { flowId, visitorId, firstStepPath } of servedFlowVisitors(root)) {
      if (visitorId === undefined || firstStepPath === undefined) {
        console.log(`\nFlow ${flowId}: skipped, the local allocation sends no visitor there (weight 0)`);
        continue;
      }
      const measured = await browserBudget(stack.url, visitorId, firstStepPath);
      console.log(`\nFirst step of flow ${flowId} as loaded by chromium from ${firstStepPath} (gzip -9 of each script requested before the app could take a tap: app-ready)\n`);
      for (const f of measured.firstStepScripts) console.log(`  ${kb(f.gzipBytes).padStart(9)} KB  ${f.file}`);
      const firstStepBytes = total(measured.firstStepScripts);
      const shares = byteShares(distDir, measured.firstStepScripts);
      if (shares !== undefined) {
        const product = shares.find(({ source }) => source === productSource)?.gzipBytes ?? 0;
        const libraries = firstStepBytes - product;
        console.log(`  by source (bytes split by module size in the mixed chunks): ${shares.map(({ source, gzipBytes }) => `${source} ${kb(gzipBytes)}`).join(', ')}`);
        console.log(`  libraries and bundler runtime ${kb(libraries)} KB, the product ${kb(product)} KB: the budget leaves the product ${kb(firstStepBudgetBytes - libraries)} KB`);
      }
      const ok = firstStepBytes <= firstStepBudgetBytes;
      console.log(`budget: first step's JavaScript (measured, ${flowId}) <= ${kb(firstStepBudgetBytes)} KB gzip: ${kb(firstStepBytes)} KB - ${ok ? 'OK' : 'OVER BUDGET'}`);
      if (!ok) failures.push(`first-step JavaScript (measured, ${flowId})`);
      const measuredStripe = measured.firstStepScripts.flatMap(({ file }) => {
        const path = join(distDir, file);
        return existsSync(path) ? stripeCodeIn(readFileSync(path, 'utf8')).map((library) => `${library} in ${file}`) : [];
      });
      console.log(`budget: no Stripe code in the scripts chromium loaded for the first step (${flowId}): ${measuredStripe.length === 0 ? 'OK' : `FAIL (${measuredStripe.join(', ')})`}`);
      if (measuredStripe.length > 0) failures.push(`Stripe code in the first step (measured, ${flowId})`);
      console.log(`  prefetched after the first step showed: ${kb(total(measured.prefetchedScripts))} KB in ${measured.prefetchedScripts.length} chunks`);
      const quiet = measured.requestsBetweenSteps.length === 0;
      console.log(`budget: no request between two question steps except chunks and images (${flowId}): ${quiet ? 'OK' : `FAIL (${measured.requestsBetweenSteps.join(', ')})`}`);
      if (!quiet) failures.push(`requests between steps (${flowId})`);
    }
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const runs = 5;
  const startup = await startupBench(root, distDir, runs);
  const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  console.log(`\nLocal stack start-up (compiled server, as \`npm start\` runs it; ${runs} restarts)\n`);
  console.log(`  first start (new DATA_DIR, creates the cluster): ${startup.firstStartMs} ms`);
  console.log(`  restarts: ${startup.restartsMs.join(', ')} ms wall; ${startup.restartsCpuMs.join(', ')} ms CPU`);
  const restartOk = median(startup.restartsMs) < 2000;
  console.log(`budget: restart on an existing DATA_DIR < 2000 ms (median): ${median(startup.restartsMs)} ms - ${restartOk ? 'OK' : 'OVER BUDGET'}`);
  if (!restartOk) failures.push('start-up');

  const baseline = servedFlowVisitors(root)[0];
  if (baseline?.visitorId === undefined || baseline.firstStepPath === undefined) {
    console.log('\nFirst-paint devices skipped: the local allocation sends no visitor to the baseline flow');
  } else {
    // Six: the fewest rounds the sign test gives a 95 % interval from (bench/paired-median-interval.ts).
    const rounds = 6;
    console.log(`\nFirst-paint devices side by side (a build with each switched off, FIRST_PAINT_DEVICES; ${baseline.firstStepPath} as a phone at 4x CPU, median of ${rounds} interleaved rounds, ms)\n`);
    const devices = await firstPaintDevicesBench(root, { rounds, visitorId: baseline.visitorId, firstStepPath: baseline.firstStepPath });
    console.log(formatDeviceFigures(devices.figures));
    console.log(`\nWhat each device buys (positive: the build without it is that much slower):\n\n${devices.buys.join('\n\n')}`);
    for (const problem of devices.failures) console.log(`budget: ${problem} - FAIL`);
    failures.push(...devices.failures);
  }
}

// ---------------------------------------------------------------------------------------------------
// Stripe emulator throughput (issue 9): reported, no budget.
// ---------------------------------------------------------------------------------------------------
if (!existsSync(serverEntry)) {
  console.log('\nStripe emulator measurement skipped: needs `node scripts/build-server.mjs`');
} else {
  const calls = 60;
  console.log(`\nStripe emulator (stripe SDK over HTTP to the compiled server, one request at a time, ${calls} calls each)\n`);
  for (const timing of await stripeEmulatorBench(root, distDir, calls)) {
    console.log(`  ${timing.name.padEnd(26)} ${timing.perSecond.toFixed(1).padStart(7)} req/s   p50 ${timing.p50Ms.toFixed(1).padStart(7)} ms   p95 ${timing.p95Ms.toFixed(1).padStart(7)} ms`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Load on the local stack (issue 15 section 3): nothing accepted may be lost.
// ---------------------------------------------------------------------------------------------------
if (!existsSync(serverEntry)) {
  console.log('\nLoad run skipped: needs `node scripts/build-server.mjs`');
} else {
  const loadOptions = { seconds: 6, connections: 4, port: 0 };
  try {
    const { legs, postgresSkipped } = await loadBench(root, { ...loadOptions, distDir });
    for (const leg of legs) {
      console.log(`\n${formatLoadBench(leg, loadOptions)}`);
      const broken = loadBenchFailures(leg);
      for (const problem of broken) console.log(`budget: load run on ${leg.database} - FAIL (${problem})`);
      if (broken.length > 0) failures.push(`load run (${leg.database})`);
    }
    if (postgresSkipped !== undefined) console.log(`\nLoad run on PostgreSQL skipped: ${postgresSkipped}`);
  } catch (error) {
    console.log(`\nLoad run - FAIL: ${error instanceof Error ? error.message : String(error)}`);
    failures.push('load run');
  }
}

// ---------------------------------------------------------------------------------------------------
// Issue 14: the first step on a phone, side by side with SurveyJS (../shared/perf, or PERF_DIR).
// `--perf-results <dir>` prints the table of a past harness run instead of running it again.
// ---------------------------------------------------------------------------------------------------
const perfResultsArg = process.argv.indexOf('--perf-results');
const perfDir = resolve(process.env.PERF_DIR ?? join(root, '..', 'shared', 'perf'));
let perfResults: string | undefined = perfResultsArg >= 0 ? resolve(process.argv[perfResultsArg + 1] ?? '') : undefined;
if (perfResults === undefined && existsSync(join(perfDir, 'run.sh'))) {
  console.log(`\nPhone performance (${perfDir}/run.sh: Lighthouse mobile, tap-to-paint at 4x CPU, whole-funnel JS; about 10 minutes)\n`);
  const variant = servedFlowVisitors(root).find((served, index) => index > 0 && served.visitorId !== undefined);
  perfResults = await runPerfHarness(
    root,
    perfDir,
    variant?.visitorId === undefined || variant.firstStepPath === undefined ? undefined : { flowId: variant.flowId, visitorId: variant.visitorId, firstStepPath: variant.firstStepPath },
  );
}
if (perfResults === undefined) {
  console.log(`\nPhone performance skipped: no ${perfDir}/run.sh (set PERF_DIR)`);
} else {
  const { rows, load } = perfTargets(perfResults);
  console.log(`\nIssue 14's and issue 31's targets (results in ${perfResults}; load average ${load}: a busy machine inflates TBT, taps and scores)\n`);
  console.log(formatTargets(rows));
  for (const row of rows) if (row.verdict === 'NOT MET') failures.push(`phone performance: ${row.target}`);
}

if (failures.length > 0) {
  console.log(`\nbudgets broken: ${failures.join(', ')}`);
  process.exitCode = 1;
}

function total(files: readonly LoadedFile[]): number {
  return files.reduce((sum, f) => sum + f.gzipBytes, 0);
}

function ms(value: number): string {
  return value.toFixed(1);
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}
