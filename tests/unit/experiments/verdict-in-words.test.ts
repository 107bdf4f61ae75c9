import { describe, expect, it } from 'vitest';
import { experimentCountsSchema, type VariantCounts } from '../../../engine/experiments/experiment-counts.ts';
import { experimentPlanSchema } from '../../../engine/experiments/experiment-plan.ts';
import { experimentReport } from '../../../engine/experiments/experiment-report.ts';
import { formatDifference, formatMetric } from '../../../engine/experiments/format-metric.ts';
import { verdictInWords } from '../../../engine/experiments/verdict-in-words.ts';
import { examplePlan } from './example-plan.ts';
import { variantCounts } from './variant-counts.ts';

const plan = experimentPlanSchema.parse(examplePlan);
const arm = (variant: string, exposed: number, paid: number): VariantCounts => variantCounts({ variant, exposed, signedUp: paid, paid, paymentAttempted: paid });
const words = (control: VariantCounts, redesign: VariantCounts, elapsedDays = 10, unexposed = { signedUp: 0, paid: 0 }) =>
  verdictInWords(experimentReport(plan, experimentCountsSchema.parse({ variants: [control, redesign], elapsedDays, unexposed })));

describe('the verdict in words', () => {
  it('names the winner with the least its primary metric is surely higher by (docs example 5: lower end 0.43 points)', () => {
    expect(words(arm('control', 7_350, 735), arm('redesign', 7_350, 882))).toBe(
      "redesign wins: its paid conversion is surely higher than control's (by at least +0.4 pt), and no guardrail is harmed. Ship it.",
    );
  });

  it('keeps running with the progress and the days left; says so before any traffic', () => {
    expect(words(arm('control', 2_000, 200), arm('redesign', 2_000, 220), 3)).toBe(
      'Keep running: no variant is surely better yet, and one still could be. 27 % of the planned sample, about 9 more days at the traffic so far.',
    );
    expect(words(arm('control', 0, 0), arm('redesign', 0, 0), 0)).toBe('Keep running: no exposed visitors yet.');
  });

  it('says why there is no difference, and why the numbers cannot be trusted', () => {
    expect(words(arm('control', 7_400, 740), arm('redesign', 7_400, 790))).toBe('No difference worth the change: the planned sample is reached and no variant is surely better. Keep control.');
    expect(words(arm('control', 5_000, 600), arm('redesign', 5_000, 400), 7)).toMatch(/^No difference worth the change: every variant is surely worse/);
    expect(words(arm('control', 5_200, 520), arm('redesign', 4_800, 480))).toBe(
      'Do not trust these numbers: the split of visitors differs from the allocation beyond chance (anytime p = 0.0023). Find what loses visitors of one variant before reading anything else.',
    );
    expect(words(arm('control', 1_000, 100), arm('redesign', 1_000, 100), 10, { signedUp: 0, paid: 50 })).toBe(
      'Do not trust these numbers: exposure logging is broken (unexposed-outcomes). Fix the logging first.',
    );
  });

  it('formats rates in percent and points, revenue in the currency', () => {
    expect([formatMetric('paid-conversion', 0.1234), formatMetric('net-revenue-per-visitor', 1.5), formatMetric('refund-rate', null)]).toEqual(['12.3 %', '1.50', '-']);
    expect([formatDifference('sign-up-rate', -0.021), formatDifference('net-revenue-per-visitor', 0.254), formatDifference('paid-conversion', 0)]).toEqual(['-2.1 pt', '+0.25', '0.0 pt']);
  });
});
