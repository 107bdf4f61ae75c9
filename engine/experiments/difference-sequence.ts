import { confidenceSequenceMultiplier } from './confidence-sequence-multiplier.ts';
import type { Interval } from './interval.ts';
import type { MetricSample } from './metric-sample.ts';

/**
 * The always-valid interval for `variant - control` of one metric: the difference in means +- the
 * confidence sequence's multiplier times its standard error, where the variance of the difference is
 * var_c / n_c + var_v / n_v and the sequence's "time" is n_c + n_v, the units of both arms. This is the
 * asymptotic confidence sequence for the average treatment effect of Waudby-Smith et al. (2021, section 3)
 * with each arm's mean as the outcome model, under a fixed allocation. `plannedN` is the pair's planned
 * units, where the sequence is tuned to be tightest. With no unit in an arm the interval is unbounded;
 * for proportions it is cut to [-1, 1], where the difference always lies.
 */
export function differenceSequence(control: MetricSample, variant: MetricSample, plannedN: number, alpha: number): Interval {
  const estimate = variant.mean - control.mean;
  if (control.units === 0 || variant.units === 0) {
    return { estimate, lower: Number.NEGATIVE_INFINITY, upper: Number.POSITIVE_INFINITY };
  }
  const standardError = Math.sqrt(control.variance / control.units + variant.variance / variant.units);
  const half = confidenceSequenceMultiplier(control.units + variant.units, plannedN, alpha) * standardError;
  // A difference of two proportions lies in [-1, 1]: cutting the interval there loses no coverage, and
  // a small sample's "-247.8 pt" reads as a bug to the growth team.
  const bound = control.kind === 'proportion' && variant.kind === 'proportion' ? 1 : Number.POSITIVE_INFINITY;
  return { estimate, lower: Math.max(-bound, estimate - half), upper: Math.min(bound, estimate + half) };
}
