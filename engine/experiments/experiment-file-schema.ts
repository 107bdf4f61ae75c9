import { z } from 'zod';
import { guardrailMetricIds, primaryMetricIds } from './experiment-plan.ts';

/** The format version of experiments/<id>.yaml. */
export const EXPERIMENT_FILE_VERSION = 1;

const probability = (min: number, max: number) => z.number().gt(min).lt(max);

/**
 * experiments/<id>.yaml: one experiment on one flag (docs/experiments.md, "Declaring an experiment"). The
 * variants, their flows and the allocation are the flag's, in flows/variants.yaml (their single source,
 * read by the build and the flag resolver); this file adds what each variant changes and the plan.
 * Fields mirror experimentPlanSchema so a problem the plan finds is located at the same path here.
 */
export const experimentFileSchema = z.strictObject({
  version: z.literal(EXPERIMENT_FILE_VERSION),
  /** The flag of flows/variants.yaml whose variants are compared. */
  flag: z.string().min(1),
  /** The day (UTC) or moment the experiment started: exposures before it are not counted. */
  start: z.union([z.iso.date(), z.iso.datetime({ offset: true })]),
  control: z.string().min(1),
  /**
   * The compared variants of the flag, each with what it changes besides its flow, in words for the
   * reader. Its paywall is given in config/paywalls.yaml; moving that here would be an optional `paywall`.
   */
  variants: z.record(z.string().min(1), z.strictObject({ changes: z.string().min(1) })),
  primaryMetric: z.enum(primaryMetricIds),
  /** Paid conversion and revenue count payments made within this many days after the exposure. */
  paidWithinDays: z.number().int().positive().default(14),
  /** The currency revenue is reported in, converted through public.fx_rates (a column of it, e.g. EUR). */
  reportingCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as EUR')
    .default('EUR'),
  baseline: z.strictObject({ mean: z.number().positive(), standardDeviation: z.number().positive().optional() }),
  minimumDetectableEffect: z.strictObject({ kind: z.enum(['absolute', 'relative']), value: z.number().positive() }),
  alpha: probability(0, 0.5).default(0.05),
  power: probability(0.5, 1).default(0.8),
  guardrails: z.array(z.strictObject({ metric: z.enum(guardrailMetricIds), tolerance: z.number().min(0).default(0) })).default([]),
});

export type ExperimentFile = z.infer<typeof experimentFileSchema>;
