import { z } from 'zod';
import type { UserDatabase } from './function-handler.ts';

/**
 * The user's web checkouts as a chain (public.stripe_checkouts): each subscription that
 * create-stripe-subscription hands out names the one it replaced, and the database lets only one row
 * replace a given checkout, so the head of the chain is the user's one open web subscription however
 * many requests race (docs/decisions/0168-one-open-web-subscription.md).
 */

const rowsSchema = z.array(z.object({ subscription_id: z.string(), replaces: z.string().nullable(), replaced_unpaid: z.boolean() }));

export type CheckoutRow = z.infer<typeof rowsSchema>[number];

/** Postgres' unique violation, as PostgREST passes it on. */
const UNIQUE_VIOLATION = '23505';

export interface CheckoutChain {
  readonly rows: readonly CheckoutRow[];
  /** The open checkout: the subscription no later checkout replaced; undefined before the first. */
  readonly head: string | undefined;
  /** Recorded, but replaced by a later checkout while still unpaid: any payment of it is a second payment. */
  isReplacedWhileUnpaid(subscriptionId: string): boolean;
}

/** Reads the chain; `db` may be the user's (RLS: their own rows) or the service role's. */
export async function readCheckoutChain(db: UserDatabase, userId: string): Promise<CheckoutChain> {
  const { data, error } = await db.from('stripe_checkouts').select('subscription_id, replaces, replaced_unpaid').eq('user_id', userId);
  if (error !== null) throw new Error(`Reading the checkouts of ${userId} failed: ${error.message}`);
  const rows = rowsSchema.parse(data);
  const replaced = new Set(rows.map((row) => row.replaces));
  return {
    rows,
    head: rows.find((row) => !replaced.has(row.subscription_id))?.subscription_id,
    isReplacedWhileUnpaid: (subscriptionId) => rows.some((row) => row.replaces === subscriptionId && row.replaced_unpaid),
  };
}

/**
 * Records a new head. `recorded` false: another request moved the chain first (or recorded this very
 * subscription, for an identical concurrent submit), which the caller finds out by reading it again.
 */
export async function recordCheckout(
  serviceDb: UserDatabase,
  checkout: { readonly userId: string; readonly subscriptionId: string; readonly replaces: string | undefined; readonly replacedUnpaid: boolean },
): Promise<boolean> {
  const { error } = await serviceDb.from('stripe_checkouts').insert({
    subscription_id: checkout.subscriptionId,
    user_id: checkout.userId,
    replaces: checkout.replaces ?? null,
    replaced_unpaid: checkout.replacedUnpaid,
  });
  if (error === null) return true;
  if (error.code === UNIQUE_VIOLATION) return false;
  throw new Error(`Recording checkout ${checkout.subscriptionId} failed: ${error.message}`);
}
