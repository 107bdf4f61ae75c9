import { z } from 'zod';

/** The metrics an experiment can be judged by (primary) or guarded with (guardrails). */
export const primaryMetricIds = ['paid-conversion', 'net-revenue-per-visitor'] as const;
export const guardrailMetricIds = ['refund-rate', 'payment-failure-rate', 'sign-up-rate'] as const;

const variantId = z.string().min(1);
const probability = (min: number, max: number) => z.number().gt(min).lt(max);

/**
 * What an experiment decided before it started: who is compared with whom, by which metric, how small an
 * effect is worth the change, and the error rates accepted. docs/experiments.md ("The plan") describes
 * every field; the YAML experiment file of issue 29 compiles to this shape.
 */
export const experimentPlanSchema = z
  .object({
    /** Variant ids with their allocation weights (any positive numbers: 50/50, 34/33/33, 1/1/1). */
    allocation: z.array(z.object({ variant: variantId, weight: z.number().positive() })).min(2),
    /** The variant the others are compared with. */
    control: variantId,
    primaryMetric: z.enum(primaryMetricIds),
    /**
     * The control's expected value of the primary metric: the paid-conversion rate, or the mean net revenue
     * per exposed visitor with its standard deviation (per visitor, in the reporting currency).
     */
    baseline: z.object({ mean: z.number().positive(), standardDeviation: z.number().positive().optional() }),
    /** The smallest effect worth the change: absolute (0.01 = one point, or 0.10 currency units) or relative to the baseline (0.1 = +10 %). */
    minimumDetectableEffect: z.object({ kind: z.enum(['absolute', 'relative']), value: z.number().positive() }),
    alpha: probability(0, 0.5).default(0.05),
    power: probability(0.5, 1).default(0.8),
    /** The error rate of the sample-ratio test over the whole experiment, however often it is read. */
    sampleRatioAlpha: probability(0, 0.5).default(0.01),
    /** A larger share of outcomes without an exposure than this marks exposure logging as broken. */
    maxUnexposedShare: z.number().min(0).lt(1).default(0.01),
    /**
     * Tolerance: how far (absolute, in the metric's units) a guardrail may move the bad way before it counts
     * as harmed. 0.01 on the refund rate: harmed when the variant's refund rate is surely more than one point
     * above the control's.
     */
    guardrails: z.array(z.object({ metric: z.enum(guardrailMetricIds), tolerance: z.number().min(0).default(0) })).default([]),
  })
  .superRefine((plan, context) => {
    const ids = plan.allocation.map((entry) => entry.variant);
    if (new Set(ids).size !== ids.length) context.addIssue({ code: 'custom', path: ['allocation'], message: 'a variant is listed twice' });
    if (!ids.includes(plan.control)) context.addIssue({ code: 'custom', path: ['control'], message: `"${plan.control}" is not in the allocation` });
    if (plan.primaryMetric === 'paid-conversion' && plan.baseline.mean >= 1) {
      context.addIssue({ code: 'custom', path: ['baseline', 'mean'], message: 'a conversion rate is below 1' });
    }
    if (plan.primaryMetric === 'net-revenue-per-visitor' && plan.baseline.standardDeviation === undefined) {
      context.addIssue({ code: 'custom', path: ['baseline', 'standardDeviation'], message: 'revenue needs its standard deviation per visitor' });
    }
  });

export type ExperimentPlan = z.infer<typeof experimentPlanSchema>;
/** What a caller writes: the fields with defaults may be left out. */
export type ExperimentPlanInput = z.input<typeof experimentPlanSchema>;
export type PrimaryMetricId = (typeof primaryMetricIds)[number];
export type GuardrailMetricId = (typeof guardrailMetricIds)[number];
export type MetricId = PrimaryMetricId | GuardrailMetricId;
