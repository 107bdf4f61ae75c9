import { z } from 'zod';
import { guardrailMetricIds, primaryMetricIds } from './experiment-plan.ts';

const metricId = z.enum([...primaryMetricIds, ...guardrailMetricIds]);
/** A bound is null where there is no data to bound it (an arm with no units yet). */
const bound = z.number().nullable();
const interval = z.object({ estimate: z.number(), lower: bound, upper: bound });

/**
 * The report's JSON, stable from schemaVersion 1 on: fields may be added, none renamed or removed without
 * a new version. docs/experiments.md ("The JSON report") documents each field with an example.
 */
export const experimentReportSchema = z.object({
  schemaVersion: z.literal(1),
  method: z.literal('asymptotic-confidence-sequence'),
  control: z.string(),
  primaryMetric: z.enum(primaryMetricIds),
  alpha: z.number(),
  comparisonAlpha: z.number(),
  verdict: z.object({
    kind: z.enum(['keep-running', 'winner', 'no-difference', 'do-not-trust']),
    variant: z.string().nullable(),
    reason: z.enum(['sample-ratio-mismatch', 'exposure-logging-broken', 'variant-wins', 'no-variant-worth-the-change', 'planned-sample-reached', 'collecting']),
  }),
  sampleRatio: z.object({
    alpha: z.number(),
    pValue: z.number(),
    mismatch: z.boolean(),
    expectedShares: z.record(z.string(), z.number()),
    observedShares: z.record(z.string(), z.number()),
  }),
  exposureProblems: z.array(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('outcomes-without-exposures'), variant: z.string() }),
      z.object({ kind: z.literal('impossible-counts'), variant: z.string(), detail: z.string() }),
      z.object({ kind: z.literal('unexposed-outcomes'), outcome: z.enum(['signedUp', 'paid']), share: z.number() }),
    ]),
  ),
  plan: z.object({
    perVariant: z.record(z.string(), z.number().int()),
    total: z.number().int(),
    absoluteEffect: z.number(),
    multiplier: z.number(),
  }),
  progress: z.object({
    exposed: z.number().int(),
    /** The least of each variant's exposed / planned: 1 or more when every variant reached its plan. */
    fraction: z.number(),
    reached: z.boolean(),
    visitorsPerDay: z.number(),
    daysRemaining: z.number().nullable(),
  }),
  variants: z.array(
    z.object({
      variant: z.string(),
      exposed: z.number().int(),
      /** Each metric with its fixed 95 % interval (Wilson for rates, normal for revenue). */
      metrics: z.record(metricId, interval.extend({ units: z.number().int() })),
    }),
  ),
  comparisons: z.array(
    z.object({
      variant: z.string(),
      /** The primary metric's difference to the control with its always-valid interval. */
      primary: interval.extend({ relative: z.number().nullable() }),
      outcome: z.enum(['better', 'worse', 'within-mde', 'undecided']),
      guardrails: z.array(interval.extend({ metric: z.enum(guardrailMetricIds), tolerance: z.number(), harmed: z.boolean() })),
      /** Every metric's difference to the control with its always-valid interval. */
      metrics: z.record(metricId, interval),
    }),
  ),
});

export type ExperimentReport = z.infer<typeof experimentReportSchema>;
