import { describe, expect, it } from 'vitest';
import { confidenceSequenceMultiplier, mixtureTuning } from '../../../engine/experiments/confidence-sequence-multiplier.ts';
import { differenceSequence } from '../../../engine/experiments/difference-sequence.ts';
import { experimentPlanSchema } from '../../../engine/experiments/experiment-plan.ts';
import { meanInterval, sampleVariance } from '../../../engine/experiments/mean-interval.ts';
import { metricSample } from '../../../engine/experiments/metric-sample.ts';
import { plannedSampleSize } from '../../../engine/experiments/planned-sample-size.ts';
import { sampleRatioTest } from '../../../engine/experiments/sample-ratio-test.ts';
import { timeToPlannedSample } from '../../../engine/experiments/time-to-planned-sample.ts';
import { wilsonInterval } from '../../../engine/experiments/wilson-interval.ts';
import { examplePlan } from './example-plan.ts';
import { variantCounts } from './variant-counts.ts';

/** The worked examples of docs/experiments.md ("Worked examples"), each checkable by hand. */

describe('wilsonInterval', () => {
  it('gives the textbook 95 % interval for 10 of 100: [0.0552, 0.1744]', () => {
    const interval = wilsonInterval(10, 100, 0.95);
    expect(interval.estimate).toBe(0.1);
    expect(interval.lower).toBeCloseTo(0.05523, 5);
    expect(interval.upper).toBeCloseTo(0.17437, 5);
  });

  it('stays inside [0, 1] at 0 of 50 and is all of [0, 1] with no trials', () => {
    const none = wilsonInterval(0, 50, 0.95);
    expect(none.lower).toBe(0);
    expect(none.upper).toBeCloseTo(0.07135, 5);
    expect(wilsonInterval(0, 0, 0.95)).toEqual({ estimate: 0, lower: 0, upper: 1 });
  });
});

describe('meanInterval', () => {
  it('is mean +- 1.96 s / sqrt(n) from the sums: 4 values 0, 0, 2.99, 39.99', () => {
    // sum 42.98, sum of squares 8.9401 + 1599.2001 = 1608.1402; s^2 = (1608.1402 - 1847.2804 / 4) / 3 = 382.1067
    expect(sampleVariance(4, 42.98, 1608.1402)).toBeCloseTo(382.1067, 4);
    const interval = meanInterval(4, 42.98, 1608.1402, 0.95);
    expect(interval.estimate).toBeCloseTo(10.745, 6);
    expect(interval.upper - interval.estimate).toBeCloseTo(1.959964 * Math.sqrt(382.1067 / 4), 4);
  });

  it('is unbounded with fewer than two values', () => {
    expect(meanInterval(1, 2.99, 8.9401, 0.95).upper).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('confidenceSequenceMultiplier', () => {
  it('is 3.0352 standard errors at the planned size for alpha 0.05, whatever that size', () => {
    // n rho^2 = 2 ln 20 + ln(1 + 2 ln 20) = 7.93615; m^2 = 2 (8.93615 / 7.93615) ln(sqrt(8.93615) / 0.05) = 9.21259
    expect(mixtureTuning(1, 0.05)).toBeCloseTo(7.93615, 5);
    expect(confidenceSequenceMultiplier(14_700, 14_700, 0.05)).toBeCloseTo(3.03521, 5);
    expect(confidenceSequenceMultiplier(100, 100, 0.05)).toBeCloseTo(3.03521, 5);
  });

  it('is wider before and after the planned size, and wider for a smaller alpha', () => {
    const atPlan = confidenceSequenceMultiplier(14_700, 14_700, 0.05);
    expect(confidenceSequenceMultiplier(2_000, 14_700, 0.05)).toBeCloseTo(3.59872, 4);
    expect(confidenceSequenceMultiplier(100_000, 14_700, 0.05)).toBeGreaterThan(atPlan);
    expect(confidenceSequenceMultiplier(14_700, 14_700, 0.025)).toBeGreaterThan(atPlan);
    expect(confidenceSequenceMultiplier(0, 14_700, 0.05)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('differenceSequence', () => {
  it('puts 10 % vs 12 % of 7,350 each at +0.020 [0.0043, 0.0357] at the planned size', () => {
    // p~ = 736/7352 and 883/7352; se = sqrt((0.090087 + 0.105678) / 7350) = 0.0051609; half = 3.03521 se
    const control = metricSample(variantCounts({ exposed: 7_350, paid: 735 }), 'paid-conversion');
    const variant = metricSample(variantCounts({ exposed: 7_350, paid: 882 }), 'paid-conversion');
    const interval = differenceSequence(control, variant, 14_700, 0.05);
    expect(interval.estimate).toBeCloseTo(0.02, 10);
    expect(interval.lower).toBeCloseTo(0.00434, 5);
    expect(interval.upper).toBeCloseTo(0.03566, 5);
  });

  it('puts refunds of 100 vs 200 per 1,000 payers at +0.100 [0.0430, 0.1570] early in a 14,700-visitor plan', () => {
    // se = sqrt((0.090638 + 0.160359) / 1000) = 0.015843; t = 2000, m = 3.59872
    const payers = { exposed: 5_000, signedUp: 1_500, paymentAttempted: 1_000, paid: 1_000 };
    const control = metricSample(variantCounts({ ...payers, refunded: 100 }), 'refund-rate');
    const variant = metricSample(variantCounts({ ...payers, refunded: 200 }), 'refund-rate');
    const interval = differenceSequence(control, variant, 14_700, 0.05);
    expect(interval.lower).toBeCloseTo(0.04299, 5);
    expect(interval.upper).toBeCloseTo(0.15701, 5);
  });

  it('does not claim certainty from 0 events: 0 of 300 vs 0 of 300 still has width', () => {
    const none = metricSample(variantCounts({ exposed: 300 }), 'paid-conversion');
    const interval = differenceSequence(none, none, 10_000, 0.05);
    expect(interval.upper).toBeGreaterThan(0.01);
    expect(interval.lower).toBeLessThan(-0.01);
  });

  it('cuts a small sample’s difference of proportions to [-1, 1] (where it always lies), not a mean’s', () => {
    // 2 of 3 payment tries failed against 0 of 5: the uncut interval runs far past -100 pt.
    const control = metricSample(variantCounts({ exposed: 20, signedUp: 5, paymentAttempted: 3, paymentFailed: 2, paid: 1 }), 'payment-failure-rate');
    const variant = metricSample(variantCounts({ exposed: 20, signedUp: 5, paymentAttempted: 5, paid: 5 }), 'payment-failure-rate');
    const interval = differenceSequence(control, variant, 43_000, 0.025);
    expect(interval.lower).toBe(-1);
    expect(interval.upper).toBeLessThanOrEqual(1);
    expect(interval.upper).toBeGreaterThan(0);
    const revenue = (sum: number) => metricSample(variantCounts({ exposed: 4, paid: 2, revenue: { sum, sumOfSquares: sum * sum } }), 'net-revenue-per-visitor');
    expect(differenceSequence(revenue(10), revenue(30), 43_000, 0.025).lower).toBeLessThan(-1);
  });

  it('is unbounded while an arm has no units', () => {
    const empty = metricSample(variantCounts({}), 'refund-rate');
    const some = metricSample(variantCounts({ exposed: 100, signedUp: 30, paymentAttempted: 10, paid: 10, refunded: 1 }), 'refund-rate');
    expect(differenceSequence(empty, some, 1_000, 0.05).lower).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe('plannedSampleSize', () => {
  const conversion = examplePlan;

  it('needs 7,350 visitors per variant to detect 10 % -> 12 % with 80 % power at alpha 0.05', () => {
    // (3.03521 + 0.84162)^2 * (0.09 + 0.1056) / 0.5 / 0.02^2 = 15.02981 * 0.3912 / 0.0004 = 14,699.2
    const size = plannedSampleSize(experimentPlanSchema.parse(conversion));
    expect(size.perVariant).toEqual({ control: 7_350, redesign: 7_350 });
    expect(size.total).toBe(14_700);
    expect(size.multiplier).toBeCloseTo(3.03521, 5);
  });

  it('reads a relative effect against the baseline: +20 % of 10 % is the same 2 points', () => {
    const size = plannedSampleSize(experimentPlanSchema.parse({ ...conversion, minimumDetectableEffect: { kind: 'relative', value: 0.2 } }));
    expect(size.absoluteEffect).toBeCloseTo(0.02, 12);
    expect(size.perVariant['control']).toBe(7_350);
  });

  it('splits by an unequal allocation and Bonferroni-corrects for two variants against the control', () => {
    const three = experimentPlanSchema.parse({
      ...conversion,
      allocation: [
        { variant: 'control', weight: 2 },
        { variant: 'b', weight: 1 },
        { variant: 'c', weight: 1 },
      ],
    });
    const size = plannedSampleSize(three);
    expect(size.comparisonAlpha).toBe(0.025);
    expect(size.multiplier).toBeCloseTo(confidenceSequenceMultiplier(1, 1, 0.025), 12);
    expect(Math.abs((size.perVariant['control'] ?? 0) - 2 * (size.perVariant['b'] ?? 0))).toBeLessThanOrEqual(1);
    expect(size.perVariant['b']).toBe(size.perVariant['c']);
    // A pair of 2:1 needs more than 7,350 + 7,350 at a stricter alpha.
    expect((size.perVariant['control'] ?? 0) + (size.perVariant['b'] ?? 0)).toBeGreaterThan(14_700);
  });

  it('plans revenue with the variant variance grown with its mean', () => {
    // sd 6, mean 1.25, +0.25: var_c 36, var_v 36 * 1.5 / 1.25 = 43.2; 15.02981 * (36 + 43.2) / 0.5 / 0.25^2 = 38,091.5
    const size = plannedSampleSize(
      experimentPlanSchema.parse({
        ...conversion,
        primaryMetric: 'net-revenue-per-visitor',
        baseline: { mean: 1.25, standardDeviation: 6 },
        minimumDetectableEffect: { kind: 'absolute', value: 0.25 },
      }),
    );
    expect(size.perVariant['control']).toBe(19_046);
  });
});

describe('timeToPlannedSample', () => {
  it('extrapolates the rate so far: 3,000 visitors in 6 days, 14,700 planned -> 500 a day, 23.4 days', () => {
    expect(timeToPlannedSample(3_000, 14_700, 6)).toEqual({ visitorsPerDay: 500, daysRemaining: 23.4 });
  });

  it('says 0 once reached and null before any traffic', () => {
    expect(timeToPlannedSample(15_000, 14_700, 30).daysRemaining).toBe(0);
    expect(timeToPlannedSample(0, 14_700, 0)).toEqual({ visitorsPerDay: 0, daysRemaining: null });
  });
});

describe('sampleRatioTest', () => {
  it('flags 5,200 / 4,800 of a 50/50 allocation (p 0.0023) and not 5,000 / 5,000 or 5,100 / 4,900', () => {
    const skewed = sampleRatioTest([5_200, 4_800], [50, 50], 0.01);
    expect(skewed.pValue).toBeCloseTo(0.0023, 4);
    expect(skewed.mismatch).toBe(true);
    expect(skewed.observedShares).toEqual([0.52, 0.48]);
    expect(sampleRatioTest([5_000, 5_000], [50, 50], 0.01)).toMatchObject({ pValue: 1, mismatch: false });
    expect(sampleRatioTest([5_100, 4_900], [50, 50], 0.01).pValue).toBeCloseTo(0.538, 3);
  });

  it('tests against an unequal allocation: 6,700 / 3,300 fits 2:1 and 5,000 / 5,000 does not', () => {
    expect(sampleRatioTest([6_700, 3_300], [2, 1], 0.01).mismatch).toBe(false);
    expect(sampleRatioTest([5_000, 5_000], [2, 1], 0.01).mismatch).toBe(true);
  });

  it('flags a fair coin in at most 1 % of 1,000 seeded 10,000-visitor splits', () => {
    // A fixed-seed LCG keeps this deterministic; the standard error of a rate near 1 % is 0.3 point.
    let state = 12_345;
    const coin = (): number => {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
      return state / 2 ** 32;
    };
    let flagged = 0;
    for (let run = 0; run < 1_000; run++) {
      let a = 0;
      for (let visitor = 0; visitor < 10_000; visitor++) if (coin() < 0.5) a++;
      if (sampleRatioTest([a, 10_000 - a], [1, 1], 0.01).mismatch) flagged++;
    }
    expect(flagged / 1_000).toBeLessThanOrEqual(0.01);
  });
});
