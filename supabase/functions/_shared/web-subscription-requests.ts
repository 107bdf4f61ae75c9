import Stripe from 'stripe';
import { z } from 'zod';
import { mailCustomer, paymentLanguage } from './customer-mail.ts';
import type { FunctionDeps } from './function-handler.ts';
import { functionError } from './function-response.ts';
import type { RevenueCatClient } from './revenuecat-client.ts';
import { isWithinRefundWindow, refundPolicyFromEnv } from './refund-policy.ts';
import type { RefundPolicy } from './refund-policy.ts';
import { isMissingResource } from './stripe-error-response.ts';
import { mappedCustomerId } from './stripe-customer.ts';

/** What the help centre asks for: stop renewing, or refund the latest payment and stop at once. */
export type HelpCentreAction = 'cancel' | 'refund';

/**
 * The answer of both functions (spec, section 3). The store counts are the caller's eligible App
 * Store (incl. Mac App Store) and Play Store subscriptions when the request's type is `all`, and 0
 * for `web`, whose scope leaves the stores out (docs/decisions/0170-help-centre-count-scope.md).
 */
export interface CancelRefundCounts {
  readonly activeAppStoreSubscriptionsCount: number;
  readonly activePlayStoreSubscriptionsCount: number;
  readonly canceledStripeSubscriptionsCount: number;
  readonly refundedStripeSubscriptionsCount: number;
}

/**
 * The payload: `{ "type": "all" | "web" }`. The spec sends none, so an empty body (or no `type`) is
 * `all`. Any other field is dropped unread: nothing in the body can name a subscription or a user.
 */
const requestBody = z.object({
  type: z.enum(['all', 'web']).default('all'),
  /** The help centre's language, for the confirmation e-mail (decision 0236); not part of the spec's body. */
  language: z.string().trim().min(2).max(35).optional(),
});

/** Subscriptions that can still be acted on or that a request of this kind already settled. */
const LIVE: ReadonlySet<Stripe.Subscription.Status> = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

function idOf(value: string | { readonly id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

async function readBody(request: Request): Promise<z.infer<typeof requestBody> | Response> {
  if (request.method !== 'POST') return functionError(405, 'method_not_allowed', 'Use POST');
  const text = await request.text();
  let body: unknown = {};
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      return functionError(400, 'invalid_json', 'The body must be JSON');
    }
  }
  const parsed = requestBody.safeParse(body ?? {});
  if (!parsed.success) return functionError(400, 'invalid_request', 'type: expected "all" or "web"');
  return parsed.data;
}

/** The end of the period the subscription was paid for (Unix seconds). */
export function periodEnd(subscription: Stripe.Subscription): number {
  return Math.max(0, ...subscription.items.data.map((item) => item.current_period_end));
}

/**
 * The caller's web subscriptions this request is about: those of the caller's own Stripe customer
 * (the mapping read with the user's JWT, so row-level security decides; else the customer whose
 * `metadata.user_id`, written only with the secret key, names the caller) whose paid period is not over, and
 * that either still run or were ended early (a refund ends at once). Ended, never-paid and expired
 * ones are history, not part of the answer.
 */
async function webSubscriptionsOf(stripe: Stripe, deps: Pick<FunctionDeps, 'db' | 'user'>, now: number): Promise<Stripe.Subscription[]> {
  // The mapping, else (a customer whose mapping was never written) Stripe's own record of whose it is.
  const customerId =
    (await mappedCustomerId(deps.db, deps.user.id)) ??
    (await stripe.customers.search({ query: `metadata['user_id']:'${deps.user.id}'`, limit: 1 })).data[0]?.id;
  if (customerId === undefined) return [];
  const found: Stripe.Subscription[] = [];
  for await (const subscription of stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
    // The customer is the caller's; a subscription someone put on it for another user is still not theirs.
    const owner = subscription.metadata.user_id;
    if (owner !== undefined && owner !== deps.user.id) continue;
    if (periodEnd(subscription) <= now) continue;
    if (LIVE.has(subscription.status) || (subscription.status === 'canceled' && (await hasBeenPaid(stripe, subscription.id)))) found.push(subscription);
  }
  return found;
}

async function hasBeenPaid(stripe: Stripe, subscriptionId: string): Promise<boolean> {
  return (await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 1 })).data.length > 0;
}

/** The latest payment of a subscription: its PaymentIntent, when it was paid, and whether it was refunded. */
interface LatestPayment {
  readonly paymentIntentId: string;
  /** What was charged, in minor units. */
  readonly amount: { readonly minor: number; readonly currency: string };
  readonly paidAt: number;
  readonly refunded: boolean;
}

async function latestPayment(stripe: Stripe, subscriptionId: string): Promise<LatestPayment | undefined> {
  const invoice = (await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 1, expand: ['data.payments'] })).data[0];
  if (invoice === undefined) return undefined;
  const paid = invoice.payments?.data.find((payment) => payment.status === 'paid' && payment.payment.payment_intent !== undefined);
  const intentRef = paid?.payment.payment_intent;
  // A zero invoice (a 100 % coupon) was paid without a payment: nothing to refund.
  if (intentRef === undefined) return undefined;
  const intent = await stripe.paymentIntents.retrieve(idOf(intentRef), { expand: ['latest_charge'] });
  const charge = intent.latest_charge;
  if (charge === null || typeof charge === 'string') return undefined;
  return {
    paymentIntentId: intent.id,
    amount: { minor: charge.amount, currency: charge.currency },
    paidAt: invoice.status_transitions.paid_at ?? charge.created,
    refunded: charge.refunded || charge.amount_refunded > 0,
  };
}

/**
 * The Idempotency-Key of one action on one subscription for one user: a double submit, a retry and a
 * concurrent request send the same key, so Stripe acts once and replays the answer to the others.
 */
function idempotencyKey(userId: string, subscriptionId: string, action: string): string {
  return `help-centre-${action}-${userId}-${subscriptionId}`;
}

/**
 * Stop renewing, keeping the paid period (a no-op when it already will not renew). A schedule (the
 * intro -> full price switch) owns how its subscription ends, and Stripe refuses to set that on the
 * subscription, so the schedule is released first: its next phase would never start anyway.
 */
export async function cancelAtPeriodEnd(stripe: Stripe, userId: string, subscription: Stripe.Subscription): Promise<boolean> {
  if (subscription.status === 'canceled' || subscription.cancel_at_period_end || subscription.cancel_at !== null) return false;
  await releaseSchedule(stripe, userId, subscription);
  try {
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }, { idempotencyKey: idempotencyKey(userId, subscription.id, 'cancel') });
  } catch (error) {
    // A cancel right after paying: checkout's webhook put the subscription on its intro -> full schedule
    // after it was read here, and Stripe refused. Release that schedule and set it once more.
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const now = await stripe.subscriptions.retrieve(subscription.id);
    if (now.schedule === null || subscription.schedule !== null) throw error;
    await releaseSchedule(stripe, userId, now);
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }, { idempotencyKey: idempotencyKey(userId, subscription.id, 'cancel-after-release') });
  }
  return true;
}

/** Releases the subscription's schedule while it still governs it (active or not started yet). */
async function releaseSchedule(stripe: Stripe, userId: string, subscription: Stripe.Subscription): Promise<void> {
  if (subscription.schedule === null) return;
  const schedule = await stripe.subscriptionSchedules.retrieve(idOf(subscription.schedule));
  if (schedule.status === 'active' || schedule.status === 'not_started') {
    await stripe.subscriptionSchedules.release(schedule.id, {}, { idempotencyKey: idempotencyKey(userId, subscription.id, 'release-schedule') });
  }
}

/** End the subscription now. DELETE takes no Idempotency-Key: a concurrent request that got there first is success too. */
async function cancelNow(stripe: Stripe, subscription: Stripe.Subscription): Promise<boolean> {
  if (subscription.status === 'canceled') return false;
  try {
    await stripe.subscriptions.cancel(subscription.id, { invoice_now: false, prorate: false });
    return true;
  } catch (error) {
    // Stripe refuses to cancel a canceled subscription; find out whether that is what happened.
    if (isMissingResource(error) || error instanceof Stripe.errors.StripeInvalidRequestError) {
      const now = await stripe.subscriptions.retrieve(subscription.id);
      if (now.status === 'canceled') return false;
    }
    throw error;
  }
}

interface WebOutcome {
  readonly canceled: boolean;
  readonly refunded: boolean;
  /** Stripe was changed by this request (RevenueCat is told at once, besides the webhook). */
  readonly acted: boolean;
  /** What was refunded, when it was. */
  readonly refundedAmount?: { readonly minor: number; readonly currency: string };
}

async function cancelOne(stripe: Stripe, userId: string, subscription: Stripe.Subscription): Promise<WebOutcome> {
  const acted = await cancelAtPeriodEnd(stripe, userId, subscription);
  return { canceled: true, refunded: false, acted };
}

/**
 * Refund the latest payment and end at once when it is inside the policy's window; outside it (or
 * with nothing paid to refund) stop renewing and keep the paid period: the spec's "sorry" case. A
 * payment refunded before (an earlier request that did not get its answer back) counts as refunded.
 */
async function refundOne(stripe: Stripe, userId: string, subscription: Stripe.Subscription, policy: RefundPolicy, now: number): Promise<WebOutcome> {
  const payment = await latestPayment(stripe, subscription.id);
  if (payment !== undefined && (payment.refunded || isWithinRefundWindow(policy, payment.paidAt, now))) {
    let acted = false;
    if (!payment.refunded) {
      await stripe.refunds.create(
        { payment_intent: payment.paymentIntentId, reason: 'requested_by_customer', metadata: { user_id: userId, subscription_id: subscription.id } },
        { idempotencyKey: idempotencyKey(userId, subscription.id, 'refund') },
      );
      acted = true;
    }
    // Refund first, then end: a crash in between leaves a running subscription the retry finds again.
    const ended = await cancelNow(stripe, subscription);
    return { canceled: true, refunded: true, acted: acted || ended, refundedAmount: payment.amount };
  }
  const acted = await cancelAtPeriodEnd(stripe, userId, subscription);
  return { canceled: true, refunded: false, acted };
}

/**
 * Eligible store subscriptions by the rules the help-centre pages use (engine/subscription-eligibility.ts:
 * expiry later than now, and not yet unsubscribed / refunded). Kept here too because a deployed
 * function bundles only supabase/functions; tests/unit/engine/subscription-eligibility.test.ts holds
 * both to the same cases.
 */
export function eligibleStoreCounts(
  subscriptions: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  action: HelpCentreAction,
  nowMs: number,
): { readonly appStore: number; readonly playStore: number } {
  let appStore = 0;
  let playStore = 0;
  for (const subscription of Object.values(subscriptions)) {
    const expires = typeof subscription.expires_date === 'string' ? Date.parse(subscription.expires_date) : Number.NaN;
    if (Number.isNaN(expires) || expires <= nowMs) continue;
    const settled = action === 'cancel' ? subscription.unsubscribe_detected_at : subscription.refunded_at;
    if (settled !== null && settled !== undefined && settled !== '') continue;
    if (subscription.store === 'app_store' || subscription.store === 'mac_app_store') appStore += 1;
    else if (subscription.store === 'play_store') playStore += 1;
  }
  return { appStore, playStore };
}

async function storeCounts(revenueCat: RevenueCatClient, userId: string, action: HelpCentreAction, now: number): Promise<{ readonly appStore: number; readonly playStore: number }> {
  const { subscriber } = await revenueCat.getSubscriber(userId);
  return eligibleStoreCounts(subscriber.subscriptions, action, now * 1000);
}

/**
 * The confirmation e-mail of a cancellation or refund, once per subscription and kind (a repeated
 * request sends none), with the date and time the request was received and the end or the amount.
 */
async function mailConfirmation(deps: FunctionDeps, subscription: Stripe.Subscription, outcome: WebOutcome, language: string | undefined, now: number): Promise<void> {
  const { serviceDb, user } = deps;
  if (serviceDb === undefined) throw new Error('the help centre functions need the service role (needsServiceRole) to send their e-mails');
  if (user.email === null || !outcome.canceled) return;
  const languages = [language, await paymentLanguage(serviceDb, subscription.id)];
  const refund = outcome.refundedAmount;
  await mailCustomer(serviceDb, deps.env, deps.fetch, {
    key: `${refund === undefined ? 'cancellation' : 'refund'}:${subscription.id}`,
    userId: user.id,
    kind: refund === undefined ? 'cancellation' : 'refund',
    to: user.email,
    languages,
    facts: refund === undefined ? { received: now, end: periodEnd(subscription) } : { amount: refund, date: now },
  });
}

/**
 * cancel-revenuecat-subscriptions and refund-revenuecat-subscriptions: act on the caller's own web
 * (Stripe) subscriptions and answer the four counts. Every Stripe write carries an Idempotency-Key
 * derived from user, subscription and action, and a repeated request finds the subscriptions already
 * settled, acts on nothing and answers the same counts. RevenueCat learns of each change through
 * Stripe's events (stripe-webhook); the function also posts the receipt itself, so the very next page
 * the user opens shows it even when the webhook is still on its way.
 */
export async function handleWebSubscriptionRequest(request: Request, deps: FunctionDeps, action: HelpCentreAction): Promise<Response> {
  const body = await readBody(request);
  if (body instanceof Response) return body;
  const { type, language } = body;
  const { stripe, revenueCat, user } = deps;
  const policy = refundPolicyFromEnv(deps.env);
  const now = Math.floor(Date.now() / 1000);

  let canceled = 0;
  let refunded = 0;
  for (const subscription of await webSubscriptionsOf(stripe, deps, now)) {
    const outcome = action === 'cancel' ? await cancelOne(stripe, user.id, subscription) : await refundOne(stripe, user.id, subscription, policy, now);
    if (outcome.canceled) canceled += 1;
    if (outcome.refunded) refunded += 1;
    if (outcome.acted) await revenueCat.postStripeReceipt(user.id, subscription.id);
    await mailConfirmation(deps, subscription, outcome, language, now);
  }
  const stores = type === 'all' ? await storeCounts(revenueCat, user.id, action, now) : { appStore: 0, playStore: 0 };
  const counts: CancelRefundCounts = {
    activeAppStoreSubscriptionsCount: stores.appStore,
    activePlayStoreSubscriptionsCount: stores.playStore,
    canceledStripeSubscriptionsCount: canceled,
    refundedStripeSubscriptionsCount: refunded,
  };
  return Response.json(counts);
}
