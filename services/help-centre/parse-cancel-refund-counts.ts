import * as z from 'zod/mini';
import type { CancelRefundCounts } from './help-centre-service';

const count = z.int().check(z.minimum(0));

const countsSchema = z.object({
  activeAppStoreSubscriptionsCount: count,
  activePlayStoreSubscriptionsCount: count,
  canceledStripeSubscriptionsCount: count,
  refundedStripeSubscriptionsCount: count,
});

/** The cancel / refund function's answer, checked at the boundary; anything else is the function's failure. */
export function parseCancelRefundCounts(data: unknown, functionName: string): CancelRefundCounts {
  const parsed = countsSchema.safeParse(data);
  if (!parsed.success) throw new Error(`Function ${functionName} answered something other than the counts: ${parsed.error.message}`);
  return parsed.data;
}
