import { confidenceSequenceMultiplier } from './confidence-sequence-multiplier.ts';
import type { Interval } from './interval.ts';
import type { MetricSample } from './metric-sample.ts';

/**
 * The always-valid interval for `variant - control` of one metric: the difference in means +- the
 * confidence sequence's multiplier times its standard error, where the variance of the difference is
 * var_c / n_c + var_v / n_v and the sequence's "time" is n_c + n_v, the units of both arms. This is the
 * asymptotic confidence sequence for the average treatment effect of Waudby-Smith et al. (2021, section 3)
 * with each arm's mean as the outcome model, under a fixed allocation. `plannedN` is the pair's planned
 * units, where the sequence is tuned to be tightest. With no unit in an arm the interval is unbounded.
 */
export function differenceSequence(control: MetricSample, variant: MetricSample, plannedN: number, alpha: number): Interval {
  const estimate = variant.mean - control.mean;
  if (control.units === 0 || variant.units === 0) {
    return { estimate, lower: Number.NEGATIVE_INFINITY, upper: Number.POSITIVE_INFINITY };
  }
  const standardError = Math.sqrt(control.variance / control.units + variant.variance / variant.units);
  const half = confidenceSequenceMultiplier(control.units + variant.units, plannedN, alpha) * standardError;
  return { estimate, lower: estimate - half, upper: estimate + half };
}
