import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import type { Interval } from './interval.ts';

/**
 * The normal (z) interval for a mean from its aggregates: n values, their sum and the sum of their squares.
 * Normal rather than Student's t: experiments read hundreds to thousands of visitors per variant, where the
 * two quantiles differ by under 1.3 %, and the skew of revenue, not the t correction, is what the CLT has
 * to absorb. With fewer than two values the interval is unbounded.
 */
export function meanInterval(n: number, sum: number, sumOfSquares: number, level: number): Interval {
  if (n === 0) return { estimate: 0, lower: Number.NEGATIVE_INFINITY, upper: Number.POSITIVE_INFINITY };
  const mean = sum / n;
  if (n < 2) return { estimate: mean, lower: Number.NEGATIVE_INFINITY, upper: Number.POSITIVE_INFINITY };
  const z = normalQuantile(1 - (1 - level) / 2, 0, 1);
  const half = z * Math.sqrt(sampleVariance(n, sum, sumOfSquares) / n);
  return { estimate: mean, lower: mean - half, upper: mean + half };
}

/** The unbiased sample variance from the aggregates (never below 0 through rounding). */
export function sampleVariance(n: number, sum: number, sumOfSquares: number): number {
  if (n < 2) return 0;
  return Math.max(0, (sumOfSquares - (sum * sum) / n) / (n - 1));
}
