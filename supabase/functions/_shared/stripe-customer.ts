import type Stripe from 'stripe';
import type { FunctionUser, UserDatabase } from './function-handler.ts';

/**
 * One Stripe customer per user, and only theirs. The user id travels in the customer's
 * `metadata.user_id`; `public.stripe_customers` maps user -> customer (
 * docs/decisions/0158-one-stripe-customer-per-user.md).
 */

interface CustomerRow {
  readonly customer_id: string;
}

function isCustomerRow(value: unknown): value is CustomerRow {
  return typeof value === 'object' && value !== null && 'customer_id' in value && typeof value.customer_id === 'string';
}

/** The mapped customer id, or undefined. `db` may be the user's (RLS lets them read their row) or the service role's. */
export async function mappedCustomerId(db: UserDatabase, userId: string): Promise<string | undefined> {
  const { data, error } = await db.from('stripe_customers').select('customer_id').eq('user_id', userId).maybeSingle();
  if (error !== null) throw new Error(`Reading the Stripe customer of ${userId} failed: ${error.message}`);
  return isCustomerRow(data) ? data.customer_id : undefined;
}

/** Records the mapping unless one exists; answers the mapped id, which is the first writer's. */
async function recordCustomer(serviceDb: UserDatabase, userId: string, customerId: string): Promise<string> {
  const { error } = await serviceDb
    .from('stripe_customers')
    .upsert({ user_id: userId, customer_id: customerId }, { onConflict: 'user_id', ignoreDuplicates: true });
  if (error !== null) throw new Error(`Recording Stripe customer ${customerId} for ${userId} failed: ${error.message}`);
  const mapped = await mappedCustomerId(serviceDb, userId);
  if (mapped === undefined) throw new Error(`Stripe customer mapping for ${userId} vanished`);
  return mapped;
}

/**
 * The caller's customer, created on first need. Under concurrent calls every caller sends the same
 * Idempotency-Key (derived from the user id), so Stripe creates one customer and replays it to the
 * others; the mapping row keeps that answer after Stripe forgets the key (24 h). Stripe's search lags
 * writes, so it only finds customers whose mapping was never written (a crash between the two calls).
 */
export async function findOrCreateCustomer(stripe: Stripe, serviceDb: UserDatabase, user: FunctionUser, email: string): Promise<string> {
  const mapped = await mappedCustomerId(serviceDb, user.id);
  if (mapped !== undefined) return mapped;

  const found = await stripe.customers.search({ query: `metadata['user_id']:'${user.id}'`, limit: 1 });
  const existing = found.data[0];
  if (existing !== undefined) return recordCustomer(serviceDb, user.id, existing.id);

  const created = await stripe.customers.create({ email, metadata: { user_id: user.id } }, { idempotencyKey: `customer-for-user-${user.id}` });
  return recordCustomer(serviceDb, user.id, created.id);
}

/**
 * Whether a Stripe customer (id or expanded object) is the caller's: the mapping says so, or, for a
 * customer whose mapping was never written, its metadata does.
 */
export async function isOwnCustomer(
  stripe: Stripe,
  db: UserDatabase,
  user: FunctionUser,
  customer: string | Stripe.Customer | Stripe.DeletedCustomer | null,
): Promise<boolean> {
  if (customer === null) return false;
  const customerId = typeof customer === 'string' ? customer : customer.id;
  const mapped = await mappedCustomerId(db, user.id);
  if (mapped !== undefined) return mapped === customerId;
  const retrieved = typeof customer === 'string' ? await stripe.customers.retrieve(customerId) : customer;
  return !('deleted' in retrieved && retrieved.deleted === true) && 'metadata' in retrieved && retrieved.metadata.user_id === user.id;
}
