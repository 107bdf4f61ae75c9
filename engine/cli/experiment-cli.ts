import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileFlowProject } from '../compile-flow-project.ts';
import { formatFlowDiagnostic } from '../flow-error.ts';
import type { CompiledExperiment } from '../experiments/compile-experiment.ts';
import type { ExperimentCounts } from '../experiments/experiment-counts.ts';
import { experimentCountsSchema } from '../experiments/experiment-counts.ts';
import { experimentReport } from '../experiments/experiment-report.ts';
import type { ExperimentReport } from '../experiments/experiment-report-schema.ts';
import { plannedSampleSize } from '../experiments/planned-sample-size.ts';
import { timeToPlannedSample } from '../experiments/time-to-planned-sample.ts';
import { formatDifference, formatMetric, metricName } from '../experiments/format-metric.ts';
import { verdictInWords } from '../experiments/verdict-in-words.ts';
import { flowsDirFromEnvironment, readFlowProject } from '../read-flow-project.ts';
import { didYouMean } from '../suggest-name.ts';

/** Where the counts come from: the local stack's join (server/experiments/), or a message why not. */
export type CountsSource = (experiment: CompiledExperiment) => Promise<ExperimentCounts | string>;

export interface ExperimentCliDeps {
  readonly root: string;
  readonly counts: CountsSource;
  readonly write: (line: string) => void;
}

const usage = [
  'usage: npm run experiment -- <command> <experiment id>',
  '  plan <id>             visitors each variant needs, and when they will have come at the traffic so far',
  '  report <id> [--json]  the report and its verdict (npm run report:experiment -- <id> [--json])',
].join('\n');

/**
 * `npm run experiment -- plan <id>` and `npm run report:experiment -- <id> [--json]` (docs/experiments.md).
 * The experiment comes from experiments/<id>.yaml as `flows check` compiles it; the counts from the local
 * stack (LOCAL_STACK_URL, default http://localhost:3000), whose SQL joins exposures to payments.
 *
 * Exit codes: 0 ok, 1 the experiment does not compile or the counts cannot be read (report), 2 usage errors.
 */
export async function experimentCli(argv: readonly string[], deps: ExperimentCliDeps): Promise<number> {
  const [command, id, ...rest] = argv;
  if ((command !== 'plan' && command !== 'report') || id === undefined || rest.some((arg) => arg !== '--json')) {
    deps.write(usage);
    return 2;
  }
  const result = compileFlowProject(readFlowProject(deps.root, flowsDirFromEnvironment(deps.root)));
  const experiment = result.experiments.find((e) => e.id === id);
  if (experiment === undefined) {
    for (const d of result.diagnostics) deps.write(formatFlowDiagnostic(d));
    const known = result.experiments.map((e) => e.id);
    deps.write(`no experiment "${id}"${didYouMean(id, known)} (experiments: ${known.join(', ') || 'none'}; npm run flows -- check)`);
    return 1;
  }
  const counts = await deps.counts(experiment);
  if (command === 'plan') {
    printPlan(experiment, counts, deps.write);
    return 0;
  }
  if (typeof counts === 'string') {
    deps.write(counts);
    return 1;
  }
  const report = experimentReport(experiment.plan, counts);
  if (rest.includes('--json')) deps.write(JSON.stringify(report, null, 2));
  else printReport(experiment, report, deps.write);
  return 0;
}

function printPlan(experiment: CompiledExperiment, counts: ExperimentCounts | string, write: (line: string) => void): void {
  const { plan } = experiment;
  const size = plannedSampleSize(plan);
  const effect = plan.minimumDetectableEffect;
  write(`Experiment ${experiment.id} on flag ${experiment.flag}, started ${experiment.start} (${experiment.file})`);
  write(
    `Primary metric: ${metricName(plan.primaryMetric)} within ${experiment.paidWithinDays} days, baseline ${formatMetric(plan.primaryMetric, plan.baseline.mean)}, ` +
      `minimum effect ${formatDifference(plan.primaryMetric, size.absoluteEffect)}${effect.kind === 'relative' ? ` (+${Math.round(effect.value * 100)} %)` : ''}`,
  );
  write(`alpha ${plan.alpha} (${round(size.comparisonAlpha)} per comparison with ${plan.control}), power ${plan.power}; the always-valid interval is +-${size.multiplier.toFixed(2)} standard errors at the planned size (one fixed look: +-1.96)`);
  write('');
  write(`  ${'variant'.padEnd(16)}${'flow'.padEnd(10)}${'planned'.padStart(10)}${'exposed'.padStart(10)}`);
  const exposedOf = (variant: string) => (typeof counts === 'string' ? undefined : counts.variants.find((v) => v.variant === variant)?.exposed);
  for (const { variant } of plan.allocation) {
    write(`  ${variant.padEnd(16)}${(experiment.variants[variant]?.flow ?? '').padEnd(10)}${String(size.perVariant[variant] ?? 0).padStart(10)}${String(exposedOf(variant) ?? '-').padStart(10)}`);
  }
  write(`  ${'total'.padEnd(26)}${String(size.total).padStart(10)}`);
  write('');
  if (typeof counts === 'string') {
    write(`Traffic so far: unknown (${counts})`);
    return;
  }
  const exposed = counts.variants.reduce((sum, v) => sum + v.exposed, 0);
  const time = timeToPlannedSample(exposed, size.total, counts.elapsedDays);
  const rate = `${exposed} exposed in ${counts.elapsedDays.toFixed(1)} days (${time.visitorsPerDay.toFixed(1)} a day)`;
  if (time.daysRemaining === null) write(`Traffic so far: ${rate}; no estimate before the first exposed visitor.`);
  else if (time.daysRemaining === 0) write(`Traffic so far: ${rate}; the planned sample is reached.`);
  else write(`Traffic so far: ${rate}; the planned sample is reached in about ${Math.ceil(time.daysRemaining)} days at that rate.`);
}

function printReport(experiment: CompiledExperiment, report: ExperimentReport, write: (line: string) => void): void {
  write(`Experiment ${experiment.id}: ${verdictInWords(report)}`);
  write(`Progress: ${report.progress.exposed} of ${report.plan.total} planned visitors (${Math.floor(report.progress.fraction * 100)} % of the least advanced variant's plan)`);
  write('');
  write('Per variant (fixed 95 % intervals):');
  for (const variant of report.variants) {
    write(`  ${variant.variant} (${experiment.variants[variant.variant]?.flow ?? ''}): ${variant.exposed} exposed`);
    for (const [metric, value] of Object.entries(variant.metrics)) {
      write(`    ${metricName(metric).padEnd(26)}${formatMetric(metric, value.estimate).padStart(9)}  [${formatMetric(metric, value.lower)}, ${formatMetric(metric, value.upper)}]  of ${value.units}`);
    }
  }
  write('');
  write(`Difference to ${report.control} (always-valid ${Math.round((1 - report.comparisonAlpha) * 100)} % intervals):`);
  for (const comparison of report.comparisons) {
    write(`  ${comparison.variant}: ${comparison.outcome}`);
    for (const [metric, value] of Object.entries(comparison.metrics)) {
      const guardrail = comparison.guardrails.find((g) => g.metric === metric);
      const note = metric === report.primaryMetric ? '  (primary)' : guardrail === undefined ? '' : guardrail.harmed ? '  (guardrail HARMED)' : '  (guardrail ok)';
      write(`    ${metricName(metric).padEnd(26)}${formatDifference(metric, value.estimate).padStart(9)}  [${formatDifference(metric, value.lower)}, ${formatDifference(metric, value.upper)}]${note}`);
    }
  }
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** The local stack's counts for an experiment: GET /_dev/experiments/<id>/api/counts. */
export function stackCounts(base: string, fetcher: typeof fetch = fetch): (experiment: Pick<CompiledExperiment, 'id'>) => Promise<ExperimentCounts | string> {
  return async (experiment) => {
    const url = `${base.replace(/\/$/, '')}/_dev/experiments/${encodeURIComponent(experiment.id)}/api/counts`;
    let response: Response;
    try {
      response = await fetcher(url);
    } catch (error) {
      return `cannot reach ${url} (${error instanceof Error ? error.message : String(error)}): start the stack (npm start) or set LOCAL_STACK_URL`;
    }
    if (!response.ok) return `${url} answered ${response.status}: is DEV_ROUTES on?`;
    const parsed = experimentCountsSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : `${url} did not answer the counts' shape: ${parsed.error.message}`;
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = resolve(import.meta.dirname, '../..');
  const base = process.env.LOCAL_STACK_URL ?? 'http://localhost:3000';
  process.exitCode = await experimentCli(process.argv.slice(2), { root, counts: stackCounts(base), write: (line) => process.stdout.write(`${line}\n`) });
}
