import * as z from 'zod/mini';
import type { RefundedPayment } from '../../engine/payment-completion-machine';

const stateSchema = z.object({ refundedPayment: z.object({ subscriptionId: z.string() }) });

/**
 * The payment the completion page found refunded as a second payment (a checkout paid after another
 * replaced it), handed to /account/subscription in the history entry's state like a completed
 * purchase (completed-purchase-state.ts): this tab's own news, kept on a reload of that entry, never
 * carried by a link. Parsed like any other input.
 */
export function refundedPaymentFromState(state: unknown): RefundedPayment | undefined {
  const parsed = stateSchema.safeParse(state);
  return parsed.success ? { subscriptionId: parsed.data.refundedPayment.subscriptionId } : undefined;
}

/** The history state that carries a refunded payment to the account page. */
export const refundedPaymentState = (refund: RefundedPayment): { readonly refundedPayment: RefundedPayment } => ({ refundedPayment: refund });
