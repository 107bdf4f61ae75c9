import { z } from 'zod';

const count = z.number().int().min(0);

/**
 * One variant's aggregates, as the join from exposure to payment produces them (issue 29, section 2). Every
 * count is of distinct exposed visitors, except `revenue`, which sums each exposed visitor's net revenue.
 */
export const variantCountsSchema = z.object({
  variant: z.string().min(1),
  /** Visitors exposed to this variant (one exposure per visitor and experiment). */
  exposed: count,
  /** Of them, visitors who signed up. */
  signedUp: count,
  /** Of them, visitors who paid within the plan's window after exposure. */
  paid: count,
  /** Of the paying visitors, those refunded within 14 days of paying. */
  refunded: count,
  /** Exposed visitors who tried to pay at least once. */
  paymentAttempted: count,
  /** Of them, visitors with at least one failed payment. */
  paymentFailed: count,
  /**
   * Net revenue per exposed visitor in the reporting currency, refunds deducted (0 for a visitor who never
   * paid): the sum over visitors and the sum of the squares, which give the mean and the variance.
   */
  revenue: z.object({ sum: z.number(), sumOfSquares: z.number().min(0) }),
});

/** Everything the statistics read about one experiment at one moment. */
export const experimentCountsSchema = z.object({
  variants: z.array(variantCountsSchema).min(2),
  /**
   * Outcomes the join found for visitors who carry the experiment's assignment but no exposure record:
   * each one is a sign that exposures are lost (see docs/experiments.md, "Do not trust").
   */
  unexposed: z.object({ signedUp: count, paid: count }).default({ signedUp: 0, paid: 0 }),
  /** Days since the experiment started (fractional), for the traffic rate. */
  elapsedDays: z.number().min(0),
});

export type VariantCounts = z.infer<typeof variantCountsSchema>;
export type ExperimentCounts = z.infer<typeof experimentCountsSchema>;
export type ExperimentCountsInput = z.input<typeof experimentCountsSchema>;
