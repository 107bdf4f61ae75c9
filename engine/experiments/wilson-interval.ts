import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import type { Interval } from './interval.ts';

/**
 * The Wilson score interval for a proportion `successes / trials` at `level` (0.95 for 95 %). Unlike the
 * Wald interval it stays inside [0, 1] and keeps its coverage near 0 and 1, where conversion and refund
 * rates live. With no trials the estimate is 0 and the interval is all of [0, 1].
 */
export function wilsonInterval(successes: number, trials: number, level: number): Interval {
  if (trials === 0) return { estimate: 0, lower: 0, upper: 1 };
  const z = normalQuantile(1 - (1 - level) / 2, 0, 1);
  const p = successes / trials;
  const z2n = (z * z) / trials;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / trials + z2n / (4 * trials));
  return { estimate: p, lower: Math.max(0, centre - half), upper: Math.min(1, centre + half) };
}
