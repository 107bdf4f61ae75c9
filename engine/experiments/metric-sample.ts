import type { MetricId } from './experiment-plan.ts';
import type { VariantCounts } from './experiment-counts.ts';
import { sampleVariance } from './mean-interval.ts';

/** One variant's data for one metric: the units it is averaged over, their mean and the variance per unit. */
export interface MetricSample {
  readonly kind: 'proportion' | 'mean';
  /** The metric's denominator: exposed visitors, paying visitors (refund rate) or visitors who tried to pay (payment failure). */
  readonly units: number;
  /** Successes of a proportion (undefined for a mean). */
  readonly successes?: number;
  readonly sum: number;
  readonly sumOfSquares: number;
  readonly mean: number;
  /**
   * The variance per unit used by the confidence sequence. For a proportion it is p~(1 - p~) with the
   * Agresti-Caffo p~ = (successes + 1) / (units + 2), so that 0 of 300 does not claim a variance of 0 and an
   * interval of width 0; for a mean it is the sample variance.
   */
  readonly variance: number;
}

/** The metric's numerator and denominator in one variant's counts. */
export function metricSample(counts: VariantCounts, metric: MetricId): MetricSample {
  switch (metric) {
    case 'net-revenue-per-visitor': {
      const { sum, sumOfSquares } = counts.revenue;
      const n = counts.exposed;
      return { kind: 'mean', units: n, sum, sumOfSquares, mean: n === 0 ? 0 : sum / n, variance: sampleVariance(n, sum, sumOfSquares) };
    }
    case 'paid-conversion':
      return proportion(counts.paid, counts.exposed);
    case 'sign-up-rate':
      return proportion(counts.signedUp, counts.exposed);
    case 'refund-rate':
      return proportion(counts.refunded, counts.paid);
    case 'payment-failure-rate':
      return proportion(counts.paymentFailed, counts.paymentAttempted);
  }
}

function proportion(successes: number, units: number): MetricSample {
  const adjusted = (successes + 1) / (units + 2);
  return {
    kind: 'proportion',
    units,
    successes,
    sum: successes,
    sumOfSquares: successes,
    mean: units === 0 ? 0 : successes / units,
    variance: adjusted * (1 - adjusted),
  };
}
