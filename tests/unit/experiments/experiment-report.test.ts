import { describe, expect, it } from 'vitest';
import { experimentCountsSchema, type VariantCounts } from '../../../engine/experiments/experiment-counts.ts';
import { experimentPlanSchema } from '../../../engine/experiments/experiment-plan.ts';
import { experimentReport } from '../../../engine/experiments/experiment-report.ts';
import { experimentReportSchema } from '../../../engine/experiments/experiment-report-schema.ts';
import { exposureIntegrity } from '../../../engine/experiments/exposure-integrity.ts';
import { examplePlan } from './example-plan.ts';
import { variantCounts } from './variant-counts.ts';

/** docs/experiments.md's plan: 10 % paid conversion, +2 points worth it, refund rate may rise 2 points. */
const plan = experimentPlanSchema.parse({
  ...examplePlan,
  guardrails: [
    { metric: 'refund-rate', tolerance: 0.02 },
    { metric: 'sign-up-rate', tolerance: 0.01 },
  ],
});

/** A variant where everyone who paid tried once, 30 % of exposed signed up and 10 % of payers were refunded. */
function arm(variant: string, exposed: number, paid: number, changes: Partial<VariantCounts> = {}): VariantCounts {
  const refunded = Math.round(paid / 10);
  const net = (paid - refunded) * 2.99;
  return variantCounts({
    variant,
    exposed,
    signedUp: Math.round(exposed * 0.3),
    paid,
    refunded,
    paymentAttempted: paid,
    revenue: { sum: net, sumOfSquares: (paid - refunded) * 2.99 ** 2 },
    ...changes,
  });
}

function report(control: VariantCounts, redesign: VariantCounts, elapsedDays = 10, unexposed = { signedUp: 0, paid: 0 }) {
  return experimentReport(plan, experimentCountsSchema.parse({ variants: [control, redesign], elapsedDays, unexposed }));
}

describe('experimentReport verdict', () => {
  it('names the winner when the primary interval is above 0 and no guardrail is harmed (docs example)', () => {
    const result = report(arm('control', 7_350, 735), arm('redesign', 7_350, 882));
    expect(result.verdict).toEqual({ kind: 'winner', variant: 'redesign', reason: 'variant-wins' });
    expect(result.comparisons[0]?.primary.lower).toBeCloseTo(0.00434, 5);
    expect(result.comparisons[0]?.primary.relative).toBeCloseTo(0.2, 10);
    expect(result.progress).toMatchObject({ exposed: 14_700, fraction: 1, reached: true, visitorsPerDay: 1_470, daysRemaining: 0 });
  });

  it('keeps running when the interval still holds 0 and effects worth the change, before the planned size', () => {
    const result = report(arm('control', 2_000, 200), arm('redesign', 2_000, 220), 3);
    expect(result.verdict).toEqual({ kind: 'keep-running', variant: null, reason: 'collecting' });
    expect(result.comparisons[0]?.outcome).toBe('undecided');
    expect(result.progress.fraction).toBeCloseTo(2_000 / 7_350, 10);
    expect(result.progress.daysRemaining).toBeCloseTo((14_700 - 4_000) / (4_000 / 3), 8);
  });

  it('says no difference once the planned size is reached without a winner', () => {
    expect(report(arm('control', 7_400, 740), arm('redesign', 7_400, 790)).verdict).toEqual({ kind: 'no-difference', variant: null, reason: 'planned-sample-reached' });
  });

  it('says no difference early when the interval lies within +- the effect worth the change', () => {
    const result = report(arm('control', 60_000, 6_000), arm('redesign', 60_000, 6_030), 40);
    expect(result.comparisons[0]?.outcome).toBe('within-mde');
    expect(result.verdict.reason).toBe('no-variant-worth-the-change');
  });

  it('says no difference when the variant is surely worse', () => {
    const result = report(arm('control', 5_000, 600), arm('redesign', 5_000, 400), 7);
    expect(result.comparisons[0]?.outcome).toBe('worse');
    expect(result.verdict.kind).toBe('no-difference');
  });

  it('denies the win when a guardrail is harmed beyond its tolerance: refunds 10 % -> 25 % of payers', () => {
    const result = report(arm('control', 7_350, 735), arm('redesign', 7_350, 882, { refunded: 220 }));
    expect(result.comparisons[0]?.outcome).toBe('better');
    expect(result.comparisons[0]?.guardrails[0]).toMatchObject({ metric: 'refund-rate', tolerance: 0.02, harmed: true });
    expect(result.verdict).toEqual({ kind: 'no-difference', variant: null, reason: 'no-variant-worth-the-change' });
  });

  it('does not call a guardrail harmed while its bad move may be within the tolerance', () => {
    const result = report(arm('control', 7_350, 735), arm('redesign', 7_350, 882, { refunded: 110 }));
    expect(result.comparisons[0]?.guardrails.map((g) => g.harmed)).toEqual([false, false]);
    expect(result.verdict.kind).toBe('winner');
  });

  it('does not trust a 52/48 split of a 50/50 allocation, whatever the metrics say', () => {
    const result = report(arm('control', 5_200, 520), arm('redesign', 4_800, 700));
    expect(result.verdict).toEqual({ kind: 'do-not-trust', variant: null, reason: 'sample-ratio-mismatch' });
    expect(result.sampleRatio).toMatchObject({ mismatch: true, observedShares: { control: 0.52, redesign: 0.48 } });
    expect(result.sampleRatio.pValue).toBeCloseTo(0.0023, 4);
  });

  it('does not trust broken exposure logging: conversions in a variant with no exposures', () => {
    const result = report(arm('control', 0, 0, { signedUp: 0, paid: 3, paymentAttempted: 3 }), arm('redesign', 0, 0, { signedUp: 0 }));
    expect(result.verdict).toEqual({ kind: 'do-not-trust', variant: null, reason: 'exposure-logging-broken' });
    expect(result.exposureProblems).toEqual([{ kind: 'outcomes-without-exposures', variant: 'control' }]);
  });

  it('does not trust payments of visitors the join found no exposure for, above 1 % of payments', () => {
    const counts = [arm('control', 3_000, 300), arm('redesign', 3_000, 300)] as const;
    expect(report(...counts, 5, { signedUp: 0, paid: 6 }).verdict.kind).toBe('keep-running');
    const broken = report(...counts, 5, { signedUp: 0, paid: 7 });
    expect(broken.verdict.reason).toBe('exposure-logging-broken');
    expect(broken.exposureProblems).toEqual([{ kind: 'unexposed-outcomes', outcome: 'paid', share: 7 / 607 }]);
  });
});

describe('exposureIntegrity', () => {
  it('names each count that cannot happen', () => {
    const counts = experimentCountsSchema.parse({
      variants: [
        arm('control', 100, 10, { signedUp: 101, refunded: 11, paymentFailed: 11, revenue: { sum: 100, sumOfSquares: 1 } }),
        arm('redesign', 100, 10, { paymentAttempted: 9 }),
      ],
      elapsedDays: 1,
    });
    expect(exposureIntegrity(counts, 0.01).map((p) => (p.kind === 'impossible-counts' ? `${p.variant}: ${p.detail}` : p.kind))).toEqual([
      'control: signedUp > exposed',
      'control: refunded > paid',
      'control: paymentFailed > paymentAttempted',
      'control: revenue sum^2 > exposed * sumOfSquares',
      'redesign: paid > paymentAttempted',
    ]);
  });

  it('finds nothing wrong in consistent counts', () => {
    expect(exposureIntegrity(experimentCountsSchema.parse({ variants: [arm('control', 100, 10), arm('redesign', 100, 12)], elapsedDays: 1 }), 0.01)).toEqual([]);
  });
});

describe('the JSON report', () => {
  it('matches its schema, survives JSON with unbounded sides as null, and keeps the allocation order', () => {
    const result = report(arm('control', 1_000, 100), arm('redesign', 1_000, 0, { signedUp: 300, paymentAttempted: 0 }));
    const parsed = experimentReportSchema.parse(JSON.parse(JSON.stringify(result)));
    expect(parsed).toEqual(result);
    expect(parsed.variants.map((v) => v.variant)).toEqual(['control', 'redesign']);
    // No payer in redesign: its refund rate has no units, so the difference is unbounded.
    expect(parsed.comparisons[0]?.metrics['refund-rate']).toMatchObject({ lower: null, upper: null });
    expect(parsed.variants[0]?.metrics['paid-conversion']).toMatchObject({ estimate: 0.1, units: 1_000 });
  });

  it('refuses counts whose variants are not the plan', () => {
    expect(() => report(arm('control', 10, 1), arm('other', 10, 1))).toThrow(/not the plan's/);
  });
});
