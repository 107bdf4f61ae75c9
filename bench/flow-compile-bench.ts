import { performance } from 'node:perf_hooks';
import type { FlowProjectInput } from '../engine/compile-flow-project';
import { compileFlowProject } from '../engine/compile-flow-project';
import { compileFlow } from '../engine/compile-flow';
import { formatFlowDiagnostic } from '../engine/flow-error';
import type { LoadedFlowFile } from '../engine/load-flow-file';
import { loadFlowFile } from '../engine/load-flow-file';
import { resolveFlow } from '../engine/resolve-flow';
import { TranslationCatalog } from '../engine/translation-catalog';
import { verifyFlow } from '../engine/verify-flow';
import { generateFlowProject } from './generate-flow';

export interface FlowCompileTiming {
  readonly steps: number;
  /** Medians in milliseconds. */
  readonly loadMs: number;
  readonly resolveMs: number;
  readonly verifyMs: number;
  readonly compileMs: number;
  /** The whole pipeline as the Vite plugin runs it (both files, translations, variants), measured end to end. */
  readonly totalMs: number;
}

/**
 * Times each phase of the flow compiler on a generated project of `steps` steps (a parent and a child
 * extending it): median of `runs` runs after `warmup` unmeasured ones, so JIT warm-up does not count.
 */
export function flowCompileBench(steps: number, runs = 9, warmup = 3): FlowCompileTiming {
  const input = generateFlowProject(steps);
  const samples = { load: [] as number[], resolve: [] as number[], verify: [] as number[], compile: [] as number[], total: [] as number[] };
  for (let i = 0; i < warmup + runs; i++) {
    const measured = i >= warmup;
    const phases = runPhases(input);
    const t0 = performance.now();
    const project = compileFlowProject(input);
    const total = performance.now() - t0;
    if (project.diagnostics.length > 0) throw new Error(`generated flow is invalid:\n${project.diagnostics.map(formatFlowDiagnostic).join('\n')}`);
    if (!measured) continue;
    samples.load.push(phases.load);
    samples.resolve.push(phases.resolve);
    samples.verify.push(phases.verify);
    samples.compile.push(phases.compile);
    samples.total.push(total);
  }
  return {
    steps,
    loadMs: median(samples.load),
    resolveMs: median(samples.resolve),
    verifyMs: median(samples.verify),
    compileMs: median(samples.compile),
    totalMs: median(samples.total),
  };
}

function runPhases(input: FlowProjectInput): { load: number; resolve: number; verify: number; compile: number } {
  let t = performance.now();
  const files: LoadedFlowFile[] = input.flowFiles.map(({ file, text }) => {
    const result = loadFlowFile(file, text);
    if (!result.ok) throw new Error(result.diagnostics.map(formatFlowDiagnostic).join('\n'));
    return result.value;
  });
  const load = performance.now() - t;

  t = performance.now();
  const resolved = resolveFlow('child', files);
  if (!resolved.ok) throw new Error(resolved.diagnostics.map(formatFlowDiagnostic).join('\n'));
  const resolve = performance.now() - t;

  const { catalog } = TranslationCatalog.parse('en', input.translationFiles);
  t = performance.now();
  const problems = verifyFlow(resolved.value, { translations: catalog, publicFileExists: input.publicFileExists });
  if (problems.length > 0) throw new Error(problems.map(formatFlowDiagnostic).join('\n'));
  const verify = performance.now() - t;

  t = performance.now();
  compileFlow(resolved.value.flow, catalog);
  const compile = performance.now() - t;
  return { load, resolve, verify, compile };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
