import { z } from 'zod';
import type { FunctionHandler } from '../_shared/function-handler.ts';
import { readBody } from '../_shared/function-response.ts';
import { ownPaidSubscription } from '../_shared/own-paid-subscription.ts';

const body = z.object({ subscriptionId: z.string().min(1), paymentIntentId: z.string().min(1).nullish() });

/** Postgres' unique violation, as PostgREST passes it on: the row exists already. */
const UNIQUE_VIOLATION = '23505';

/**
 * mark-stripe-subscription-purchased `{subscriptionId, paymentIntentId?}` -> `{data: {subscriptionId,
 * firstMark}}`: marks the caller's paid subscription as purchased (spec, "mark subscription as
 * purchased"), once. `firstMark` is true for exactly one call per subscription, however many tabs or
 * reloads ask at the same time (the primary key decides), so the completion page registers the
 * purchase (pixel, server event) once. Unpaid: 409; not the caller's: 404.
 */
export const handler: FunctionHandler = async (request, { stripe, db, serviceDb, user }) => {
  const parsed = await readBody(request, body);
  if (parsed instanceof Response) return parsed;
  if (serviceDb === undefined) throw new Error('mark-stripe-subscription-purchased needs the service role (needsServiceRole)');
  const subscription = await ownPaidSubscription(stripe, db, user, parsed.subscriptionId);
  if (subscription instanceof Response) return subscription;

  const { error } = await serviceDb
    .from('stripe_purchases')
    .insert({ subscription_id: subscription.id, user_id: user.id, payment_intent_id: parsed.paymentIntentId ?? null });
  if (error !== null && error.code !== UNIQUE_VIOLATION) throw new Error(`Marking ${subscription.id} purchased failed: ${error.message}`);
  return Response.json({ data: { subscriptionId: subscription.id, firstMark: error === null } });
};

export const needsServiceRole = true;
