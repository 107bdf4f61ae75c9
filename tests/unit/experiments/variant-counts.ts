import type { VariantCounts } from '../../../engine/experiments/experiment-counts.ts';

/** A variant's counts with zeros for what a test does not set. */
export function variantCounts(counts: Partial<VariantCounts>): VariantCounts {
  return {
    variant: 'control',
    exposed: 0,
    signedUp: 0,
    paid: 0,
    refunded: 0,
    paymentAttempted: 0,
    paymentFailed: 0,
    revenue: { sum: 0, sumOfSquares: 0 },
    ...counts,
  };
}
