import { z } from 'zod';
import type { FunctionHandler } from '../_shared/function-handler.ts';
import { functionError, readBody } from '../_shared/function-response.ts';
import { ownPaidSubscription } from '../_shared/own-paid-subscription.ts';
import { isReceiptRecorded, noteReceiptRecorded } from '../_shared/revenuecat-receipts.ts';

const body = z.object({ subscriptionId: z.string().min(1) });

/**
 * record-revenuecat-receipt `{subscriptionId}` -> `{data: {subscriptionId, alreadyRecorded}}`: posts
 * the caller's paid Stripe subscription to RevenueCat (`POST /v1/receipts`, `X-Platform: stripe`,
 * `fetch_token` = subscription id, `app_user_id` = the caller), which grants the entitlement. Runs on
 * the server because writing receipts takes RevenueCat's secret key and because the caller must own
 * the subscription: a browser holding a public key could attach anyone's subscription id to itself.
 * Once RevenueCat accepted it (here or in stripe-webhook), a repeated call posts nothing. A refused
 * receipt is logged with the user and subscription id and answers 502 `receipt_failed`.
 */
export const handler: FunctionHandler = async (request, { stripe, db, serviceDb, user, revenueCat }) => {
  const parsed = await readBody(request, body);
  if (parsed instanceof Response) return parsed;
  if (serviceDb === undefined) throw new Error('record-revenuecat-receipt needs the service role (needsServiceRole)');
  const subscription = await ownPaidSubscription(stripe, db, user, parsed.subscriptionId);
  if (subscription instanceof Response) return subscription;

  if (await isReceiptRecorded(serviceDb, subscription.id)) return Response.json({ data: { subscriptionId: subscription.id, alreadyRecorded: true } });
  try {
    await revenueCat.postStripeReceipt(user.id, subscription.id);
  } catch (error) {
    console.error(`RevenueCat receipt failed for user ${user.id}, subscription ${subscription.id}`, error);
    return functionError(502, 'receipt_failed', `RevenueCat did not accept the receipt of ${subscription.id}`);
  }
  await noteReceiptRecorded(serviceDb, user.id, subscription.id);
  return Response.json({ data: { subscriptionId: subscription.id, alreadyRecorded: false } });
};

export const needsServiceRole = true;
