import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import { confidenceSequenceMultiplier } from './confidence-sequence-multiplier.ts';
import type { ExperimentPlan } from './experiment-plan.ts';

export interface PlannedSampleSize {
  /** Exposed visitors each variant needs, by variant id, in the allocation's order. */
  readonly perVariant: Readonly<Record<string, number>>;
  /** All exposed visitors together. */
  readonly total: number;
  /** The smallest effect worth detecting, as an absolute difference in the primary metric. */
  readonly absoluteEffect: number;
  /** The error rate of each comparison with the control: alpha / (number of variants besides the control). */
  readonly comparisonAlpha: number;
  /** The confidence sequence's multiplier at the planned sample size (1.96 would be a single fixed look). */
  readonly multiplier: number;
}

/**
 * The sample size at which the primary metric's confidence sequence excludes 0 with the planned power when
 * the true effect is the minimum detectable effect (closed form, checked by simulation in
 * tests/unit/experiments/experiment-simulation.test.ts). The sequence is tuned to be tightest at the pair's
 * planned size n, where its multiplier m no longer depends on n (n rho^2 is a constant), so
 *
 *   n_pair = (m + z_power)^2 * (var_c / q_c + var_v / q_v) / effect^2
 *
 * with q the arms' shares within the pair; the power counts the last look only, so the chance to cross
 * at some earlier look makes the real power a little higher. The largest total over the comparisons is
 * split by the allocation. Variances: p(1 - p) at the baseline and at the baseline plus the effect for
 * conversion. For revenue, the baseline's variance for the control and that variance scaled by
 * (mean + effect) / mean for the variant: most visitors pay nothing, so an effect that comes from more
 * payers at the same prices grows the variance with the mean (equal variances would plan too few).
 */
export function plannedSampleSize(plan: ExperimentPlan): PlannedSampleSize {
  const { allocation, control, baseline, minimumDetectableEffect: mde } = plan;
  const comparisons = allocation.filter((entry) => entry.variant !== control);
  const comparisonAlpha = plan.alpha / comparisons.length;
  const absoluteEffect = mde.kind === 'absolute' ? mde.value : mde.value * baseline.mean;
  const [controlVariance, variantVariance] =
    plan.primaryMetric === 'paid-conversion'
      ? [bernoulliVariance(baseline.mean), bernoulliVariance(Math.min(baseline.mean + absoluteEffect, 1))]
      : [(baseline.standardDeviation ?? 0) ** 2, (baseline.standardDeviation ?? 0) ** 2 * Math.max(1, (baseline.mean + absoluteEffect) / baseline.mean)];
  // Any n gives the same multiplier at n = plannedN; 1 stands for "the planned size".
  const multiplier = confidenceSequenceMultiplier(1, 1, comparisonAlpha);
  const zPower = normalQuantile(plan.power, 0, 1);
  const totalWeight = allocation.reduce((sum, entry) => sum + entry.weight, 0);
  const controlWeight = allocation.find((entry) => entry.variant === control)?.weight ?? 0;
  const total = Math.max(
    ...comparisons.map(({ weight }) => {
      const pairWeight = controlWeight + weight;
      const pairSize = ((multiplier + zPower) ** 2 * (controlVariance / (controlWeight / pairWeight) + variantVariance / (weight / pairWeight))) / absoluteEffect ** 2;
      return (pairSize * totalWeight) / pairWeight;
    }),
  );
  const perVariant = Object.fromEntries(allocation.map(({ variant, weight }) => [variant, Math.ceil((total * weight) / totalWeight)]));
  return { perVariant, total: Object.values(perVariant).reduce((sum, n) => sum + n, 0), absoluteEffect, comparisonAlpha, multiplier };
}

function bernoulliVariance(p: number): number {
  return p * (1 - p);
}
