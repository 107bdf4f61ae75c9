import type Stripe from 'stripe';
import { z } from 'zod';
import { mailCustomer, paymentLanguage } from '../_shared/customer-mail.ts';
import type { PublicFunctionDeps, PublicFunctionHandler, UserDatabase } from '../_shared/function-handler.ts';
import { functionError, readBody } from '../_shared/function-response.ts';
import { cancelAtPeriodEnd, periodEnd } from '../_shared/web-subscription-requests.ts';

// The address as typed (spaces, capitals): GoTrue keeps it lower-cased, and so does the Stripe customer.
const body = z.object({ email: z.string().trim().toLowerCase().pipe(z.email().max(320)), language: z.string().trim().min(2).max(35).optional() });

/** Requests accepted per e-mail address and per client in an hour (the auth endpoints allow a few per hour too). */
export const CANCELLATION_LIMITS = { perEmail: 5, perClient: 20, windowSeconds: 3600 } as const;

/** Subscriptions that still renew or run: what a cancellation stops. */
const RUNNING: ReadonlySet<Stripe.Subscription.Status> = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

/** The client as the platform's gateway names it (the first address of X-Forwarded-For); none locally without a proxy. */
function clientOf(request: Request): string | null {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || null;
}

async function recentRequests(serviceDb: UserDatabase, column: 'email' | 'client', value: string, since: string, limit: number): Promise<number> {
  const { data, error } = await serviceDb.from('contract_cancellation_requests').select('id').eq(column, value).gte('requested_at', since).limit(limit + 1);
  if (error !== null) throw new Error(`Counting cancellation requests failed: ${error.message}`);
  return data.length;
}

/** The subscriptions of every customer with this e-mail address that one of the app's users owns. */
async function runningSubscriptionsOf(stripe: Stripe, email: string): Promise<{ readonly subscription: Stripe.Subscription; readonly userId: string }[]> {
  const found: { subscription: Stripe.Subscription; userId: string }[] = [];
  for await (const customer of stripe.customers.list({ email, limit: 100 })) {
    const userId = customer.metadata.user_id;
    if (userId === undefined) continue;
    for await (const subscription of stripe.subscriptions.list({ customer: customer.id, status: 'all', limit: 100 })) {
      const owner: string = subscription.metadata.user_id ?? userId;
      if (owner === userId && RUNNING.has(subscription.status)) found.push({ subscription, userId });
    }
  }
  return found;
}

/**
 * cancel-contract-without-sign-in `{email, language?}` -> `{data: {receivedAt}}` (`verify_jwt = false`):
 * the "cancel contracts here" page (BGB § 312k). Every running web subscription of the account with this
 * e-mail address stops renewing at the end of its paid period (as the help centre's cancel does), and
 * the address gets the confirmation with the date and time of receipt. The answer is the same whether
 * or not the address has an account or a subscription: nothing is revealed, and no e-mail goes to an
 * address without one. More than 5 requests an hour for an address, or 20 from a client: 429
 * (docs/decisions/0239-cancel-without-sign-in.md).
 */
export const publicHandler: PublicFunctionHandler = async (request, deps: PublicFunctionDeps) => {
  const parsed = await readBody(request, body);
  if (parsed instanceof Response) return parsed;
  const { stripe, serviceDb } = deps;
  if (serviceDb === undefined) throw new Error('cancel-contract-without-sign-in needs the service role (needsServiceRole)');
  const { email } = parsed;
  const client = clientOf(request);
  const now = Math.floor(Date.now() / 1000);
  const since = new Date((now - CANCELLATION_LIMITS.windowSeconds) * 1000).toISOString();
  const tooMany =
    (await recentRequests(serviceDb, 'email', email, since, CANCELLATION_LIMITS.perEmail)) >= CANCELLATION_LIMITS.perEmail ||
    (client !== null && (await recentRequests(serviceDb, 'client', client, since, CANCELLATION_LIMITS.perClient)) >= CANCELLATION_LIMITS.perClient);
  if (tooMany) return functionError(429, 'over_request_rate_limit', 'Too many cancellation requests; try again later');
  const { error } = await serviceDb.from('contract_cancellation_requests').insert({ email, client });
  if (error !== null) throw new Error(`Recording the cancellation request failed: ${error.message}`);

  for (const { subscription, userId } of await runningSubscriptionsOf(stripe, email)) {
    if (await cancelAtPeriodEnd(stripe, userId, subscription)) await deps.revenueCat.postStripeReceipt(userId, subscription.id);
    // One confirmation per subscription, the help centre's cancel included (the same key).
    await mailCustomer(serviceDb, deps.env, deps.fetch, {
      key: `cancellation:${subscription.id}`,
      userId,
      kind: 'cancellation',
      to: email,
      languages: [parsed.language, await paymentLanguage(serviceDb, subscription.id)],
      facts: { received: now, end: periodEnd(subscription) },
    });
  }
  return Response.json({ data: { receivedAt: now } });
};

export const needsServiceRole = true;
