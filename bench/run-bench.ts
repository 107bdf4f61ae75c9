import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleBudget, firstStepBudgetBytes } from './bundle-budget';
import type { FlowCompileTiming } from './flow-compile-bench';
import { flowCompileBench } from './flow-compile-bench';

/**
 * `npm run bench`: prints the budget report of issue 2 section 4 and exits 1 when a budget is broken.
 *   1. flow compile time of generated 50/500/5000-step flows (budget: 500 steps <= 200 ms)
 *   2. bundle budgets from the last `npm run build` (first step's JS <= 90 KB gzip; no YAML parser,
 *      no classic zod in dist)
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
  const ok = bundle.firstStepGzipBytes <= firstStepBudgetBytes;
  console.log(`budget: first step's JavaScript <= ${kb(firstStepBudgetBytes)} KB gzip: ${kb(bundle.firstStepGzipBytes)} KB - ${ok ? 'OK' : 'OVER BUDGET'}`);
  if (!ok) failures.push('first-step JavaScript');
  if (bundle.forbidden.length === 0) {
    console.log('budget: no YAML parser and no classic zod in dist: OK');
  } else {
    for (const f of bundle.forbidden) console.log(`budget: ${f.library} found in dist/${f.file} - FAIL`);
    failures.push('build-time libraries in the bundle');
  }
}

if (failures.length > 0) {
  console.log(`\nbudgets broken: ${failures.join(', ')}`);
  process.exitCode = 1;
}

function ms(value: number): string {
  return value.toFixed(1);
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}
