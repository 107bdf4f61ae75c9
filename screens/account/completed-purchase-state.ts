import * as z from 'zod/mini';
import type { CompletedPurchase } from '../../engine/payment-completion-machine';

const stateSchema = z.object({
  purchase: z.object({
    subscriptionId: z.string(),
    plan: z.optional(z.string()),
    amount: z.optional(z.number()),
    currency: z.optional(z.string()),
    fullPrice: z.optional(z.number()),
  }),
});

/**
 * The purchase the completion page hands to /account/subscription in the history entry's state (it
 * survives a reload of that entry, and a link or a later visit carries none). History state is
 * written by whatever ran in this tab, so it is parsed like any other input.
 */
export function completedPurchaseFromState(state: unknown): CompletedPurchase | undefined {
  const parsed = stateSchema.safeParse(state);
  if (!parsed.success) return undefined;
  const { subscriptionId, plan, amount, currency, fullPrice } = parsed.data.purchase;
  return { subscriptionId, plan, amount, currency, fullPrice };
}

/** The history state that carries a purchase to the account page. */
export const completedPurchaseState = (purchase: CompletedPurchase): { readonly purchase: CompletedPurchase } => ({ purchase });
