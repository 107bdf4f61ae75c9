import { differenceSequence } from './difference-sequence.ts';
import type { ExperimentCounts, VariantCounts } from './experiment-counts.ts';
import type { ExperimentPlan, GuardrailMetricId, MetricId } from './experiment-plan.ts';
import type { ExperimentReport } from './experiment-report-schema.ts';
import { exposureIntegrity } from './exposure-integrity.ts';
import type { Interval } from './interval.ts';
import { meanInterval } from './mean-interval.ts';
import { metricSample } from './metric-sample.ts';
import { plannedSampleSize } from './planned-sample-size.ts';
import { sampleRatioTest } from './sample-ratio-test.ts';
import { timeToPlannedSample } from './time-to-planned-sample.ts';
import { wilsonInterval } from './wilson-interval.ts';

/** The per-variant intervals are fixed-sample 95 % intervals, as the issue asks; only differences are always-valid. */
const summaryLevel = 0.95;
/** The direction in which a guardrail is harmed. */
const harmedWhen: Readonly<Record<GuardrailMetricId, 'higher' | 'lower'>> = {
  'refund-rate': 'higher',
  'payment-failure-rate': 'higher',
  'sign-up-rate': 'lower',
};

type Comparison = ExperimentReport['comparisons'][number];

/**
 * The experiment's report at one reading: per-variant summaries, every metric's always-valid difference to
 * the control, progress to the planned sample and the verdict (docs/experiments.md, "Reading a verdict").
 * Pure: the same plan and counts give the same report, whenever and however often it is computed.
 *
 * @throws Error when the counts' variants are not exactly the plan's.
 */
export function experimentReport(plan: ExperimentPlan, counts: ExperimentCounts): ExperimentReport {
  const byVariant = new Map(counts.variants.map((v) => [v.variant, v]));
  const planned = plan.allocation.map((entry) => entry.variant);
  if (byVariant.size !== counts.variants.length || planned.length !== byVariant.size || planned.some((id) => !byVariant.has(id))) {
    throw new Error(`the counts' variants (${[...byVariant.keys()].join(', ')}) are not the plan's (${planned.join(', ')})`);
  }
  const variantCounts = (id: string): VariantCounts => {
    const found = byVariant.get(id);
    if (!found) throw new Error(`no counts for variant "${id}"`);
    return found;
  };
  const sampleSize = plannedSampleSize(plan);
  const control = variantCounts(plan.control);

  const srm = sampleRatioTest(
    planned.map((id) => variantCounts(id).exposed),
    plan.allocation.map((entry) => entry.weight),
    plan.sampleRatioAlpha,
  );
  const exposureProblems = exposureIntegrity(counts, plan.maxUnexposedShare);

  const exposed = counts.variants.reduce((sum, v) => sum + v.exposed, 0);
  const fraction = Math.min(...planned.map((id) => variantCounts(id).exposed / (sampleSize.perVariant[id] ?? 1)));
  const time = timeToPlannedSample(exposed, sampleSize.total, counts.elapsedDays);

  const comparisons = planned
    .filter((id) => id !== plan.control)
    .map((id) => compare(plan, control, variantCounts(id), (sampleSize.perVariant[plan.control] ?? 0) + (sampleSize.perVariant[id] ?? 0), sampleSize.comparisonAlpha, sampleSize.absoluteEffect));

  return {
    schemaVersion: 1,
    method: 'asymptotic-confidence-sequence',
    control: plan.control,
    primaryMetric: plan.primaryMetric,
    alpha: plan.alpha,
    comparisonAlpha: sampleSize.comparisonAlpha,
    verdict: verdict(srm.mismatch, exposureProblems.length > 0, fraction >= 1, comparisons),
    sampleRatio: {
      alpha: plan.sampleRatioAlpha,
      pValue: srm.pValue,
      mismatch: srm.mismatch,
      expectedShares: Object.fromEntries(planned.map((id, k) => [id, srm.expectedShares[k] ?? 0])),
      observedShares: Object.fromEntries(planned.map((id, k) => [id, srm.observedShares[k] ?? 0])),
    },
    exposureProblems: [...exposureProblems],
    plan: { perVariant: sampleSize.perVariant, total: sampleSize.total, absoluteEffect: sampleSize.absoluteEffect, multiplier: sampleSize.multiplier },
    progress: { exposed, fraction, reached: fraction >= 1, visitorsPerDay: time.visitorsPerDay, daysRemaining: time.daysRemaining },
    variants: planned.map((id) => summarise(variantCounts(id))),
    comparisons,
  };
}

function summarise(counts: VariantCounts): ExperimentReport['variants'][number] {
  const metrics = byMetric((metric) => {
    const sample = metricSample(counts, metric);
    const interval =
      sample.kind === 'proportion'
        ? wilsonInterval(sample.sum, sample.units, summaryLevel)
        : meanInterval(sample.units, sample.sum, sample.sumOfSquares, summaryLevel);
    return { ...json(interval), units: sample.units };
  });
  return { variant: counts.variant, exposed: counts.exposed, metrics };
}

function compare(plan: ExperimentPlan, control: VariantCounts, variant: VariantCounts, plannedPairVisitors: number, alpha: number, effect: number): Comparison {
  // Every metric's sequence is tuned to the pair's planned visitors: a rate over payers is tuned too late
  // (fewer units), which keeps it valid and only makes it wider.
  const differences = byMetric((metric) => differenceSequence(metricSample(control, metric), metricSample(variant, metric), plannedPairVisitors, alpha));
  const primary = differences[plan.primaryMetric];
  const controlMean = metricSample(control, plan.primaryMetric).mean;
  const outcome: Comparison['outcome'] =
    primary.lower > 0 ? 'better' : primary.upper < 0 ? 'worse' : primary.lower > -effect && primary.upper < effect ? 'within-mde' : 'undecided';
  const guardrails = plan.guardrails.map(({ metric, tolerance }) => {
    const d = differences[metric];
    const harmed = harmedWhen[metric] === 'higher' ? d.lower > tolerance : d.upper < -tolerance;
    return { ...json(d), metric, tolerance, harmed };
  });
  return {
    variant: variant.variant,
    primary: { ...json(primary), relative: controlMean === 0 ? null : primary.estimate / controlMean },
    outcome,
    guardrails,
    metrics: byMetric((metric) => json(differences[metric])),
  };
}

/** The verdict's rules, in order (docs/experiments.md, "Reading a verdict"). */
function verdict(mismatch: boolean, loggingBroken: boolean, planReached: boolean, comparisons: readonly Comparison[]): ExperimentReport['verdict'] {
  if (mismatch) return { kind: 'do-not-trust', variant: null, reason: 'sample-ratio-mismatch' };
  if (loggingBroken) return { kind: 'do-not-trust', variant: null, reason: 'exposure-logging-broken' };
  const winners = comparisons.filter((c) => c.outcome === 'better' && !c.guardrails.some((g) => g.harmed));
  const best = winners.reduce<Comparison | undefined>((top, c) => (top === undefined || (c.primary.lower ?? 0) > (top.primary.lower ?? 0) ? c : top), undefined);
  if (best) return { kind: 'winner', variant: best.variant, reason: 'variant-wins' };
  // A variant is out of the running once it is surely worse, surely within the effect not worth the change,
  // or better but surely harming a guardrail.
  const settled = comparisons.every((c) => c.outcome === 'worse' || c.outcome === 'within-mde' || (c.outcome === 'better' && c.guardrails.some((g) => g.harmed)));
  if (settled) return { kind: 'no-difference', variant: null, reason: 'no-variant-worth-the-change' };
  if (planReached) return { kind: 'no-difference', variant: null, reason: 'planned-sample-reached' };
  return { kind: 'keep-running', variant: null, reason: 'collecting' };
}

/** JSON has no infinity: an unbounded side is null. */
function json(interval: Interval): { estimate: number; lower: number | null; upper: number | null } {
  return {
    estimate: interval.estimate,
    lower: Number.isFinite(interval.lower) ? interval.lower : null,
    upper: Number.isFinite(interval.upper) ? interval.upper : null,
  };
}

/** One value per metric, as a complete record (a new metric id fails to compile here until it is added). */
function byMetric<T>(value: (metric: MetricId) => T): Record<MetricId, T> {
  return {
    'paid-conversion': value('paid-conversion'),
    'net-revenue-per-visitor': value('net-revenue-per-visitor'),
    'refund-rate': value('refund-rate'),
    'payment-failure-rate': value('payment-failure-rate'),
    'sign-up-rate': value('sign-up-rate'),
  };
}
