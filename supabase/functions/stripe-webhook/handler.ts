import Stripe from 'stripe';
import type { PublicFunctionHandler, UserDatabase } from '../_shared/function-handler.ts';
import { functionError } from '../_shared/function-response.ts';
import type { RevenueCatClient } from '../_shared/revenuecat-client.ts';
import { mailCustomer, paymentLanguage } from '../_shared/customer-mail.ts';
import { recordPaymentEvent } from '../_shared/payment-events.ts';
import { noteReceiptRecorded } from '../_shared/revenuecat-receipts.ts';
import { refundSecondPayment } from '../_shared/refund-second-payment.ts';
import { scheduleIntroThenFull } from '../_shared/schedule-intro-then-full.ts';
import { readCheckoutChain } from '../_shared/stripe-checkouts.ts';
import { isMissingResource } from '../_shared/stripe-error-response.ts';

/** Statuses in which the subscription has been paid for at some point (RevenueCat may know it). */
const PAID_AT_SOME_POINT: ReadonlySet<Stripe.Subscription.Status> = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

function idOf(value: string | { readonly id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

async function alreadyHandled(serviceDb: UserDatabase, eventId: string): Promise<boolean> {
  const { data, error } = await serviceDb.from('stripe_webhook_events').select('id').eq('id', eventId).maybeSingle();
  if (error !== null) throw new Error(`Reading webhook event ${eventId} failed: ${error.message}`);
  return data !== null;
}

async function markHandled(serviceDb: UserDatabase, event: Stripe.Event): Promise<void> {
  const { error } = await serviceDb.from('stripe_webhook_events').upsert({ id: event.id, type: event.type }, { onConflict: 'id', ignoreDuplicates: true });
  if (error !== null) throw new Error(`Recording webhook event ${event.id} failed: ${error.message}`);
}

/** The subscription a charge paid for: charge -> PaymentIntent -> the invoice paid by it -> its subscription. */
async function subscriptionOfCharge(stripe: Stripe, charge: Stripe.Charge): Promise<string | undefined> {
  if (charge.payment_intent === null || charge.customer === null) return undefined;
  const paymentIntentId = idOf(charge.payment_intent);
  // Since API 2025-03-31 an invoice names its PaymentIntents only in `payments`.
  for await (const invoice of stripe.invoices.list({ customer: idOf(charge.customer), limit: 100, expand: ['data.payments'] })) {
    const paidByIt = invoice.payments?.data.some((payment) => payment.payment.payment_intent !== undefined && idOf(payment.payment.payment_intent) === paymentIntentId);
    const subscription = invoice.parent?.subscription_details?.subscription;
    if (paidByIt === true && subscription) return idOf(subscription);
  }
  return undefined;
}

/** The subscription an event is about, for the events that change what RevenueCat should know. */
async function subscriptionOf(stripe: Stripe, event: Stripe.Event): Promise<string | undefined> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id;
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const subscription = event.data.object.parent?.subscription_details?.subscription;
      return subscription ? idOf(subscription) : undefined;
    }
    case 'charge.refunded':
      return subscriptionOfCharge(stripe, event.data.object);
    default:
      return undefined;
  }
}

async function hasBeenPaid(stripe: Stripe, subscription: Stripe.Subscription): Promise<boolean> {
  if (PAID_AT_SOME_POINT.has(subscription.status)) return true;
  if (subscription.status !== 'canceled') return false; // incomplete, incomplete_expired: never paid
  const paid = await stripe.invoices.list({ subscription: subscription.id, status: 'paid', limit: 1 });
  return paid.data.length > 0;
}

/**
 * Posts the subscription to RevenueCat as a Stripe receipt; RevenueCat fetches it from Stripe and
 * records its current state (period, cancellation, refund). Re-posting is how it learns of renewals,
 * cancellations and refunds, and posting the same state twice changes nothing.
 */
async function keepRevenueCatInStep(stripe: Stripe, serviceDb: UserDatabase, revenueCat: RevenueCatClient, subscriptionId: string): Promise<RecordedSubscription | undefined> {
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    // Not on this account (another app's test event, a deleted test clock): nothing to keep in step,
    // and a 500 would only make Stripe retry it for days.
    if (isMissingResource(error)) return undefined;
    throw error;
  }
  let userId = subscription.metadata.user_id;
  if (userId === undefined) {
    const customer = await stripe.customers.retrieve(idOf(subscription.customer));
    userId = 'deleted' in customer && customer.deleted === true ? undefined : customer.metadata.user_id;
  }
  // Not one of the app's subscriptions (created elsewhere on the account), or never paid: nothing to record.
  if (userId === undefined || !(await hasBeenPaid(stripe, subscription))) return undefined;
  // Paid after another checkout replaced it: refunded, and never shown to RevenueCat, whose record of
  // the product is the subscription the user kept.
  if ((await readCheckoutChain(serviceDb, userId)).isReplacedWhileUnpaid(subscription.id)) {
    await refundSecondPayment(stripe, subscription.id, userId);
    return undefined;
  }
  await revenueCat.postStripeReceipt(userId, subscription.id);
  return { subscription, userId };
}

interface RecordedSubscription {
  readonly subscription: Stripe.Subscription;
  readonly userId: string;
}

/**
 * The first invoice of a subscription is paid: what the payment-completion page records, done here
 * too, because the visitor may close the tab right after paying. The receipt is noted (so the page,
 * should it still arrive, posts none again) and the intro price gets its intro -> full schedule
 * (without it the subscription would renew at the intro price). Both are idempotent with the page's
 * own calls (docs/decisions/0152-webhook-completes-purchase.md).
 */
async function completeFirstPayment(stripe: Stripe, serviceDb: UserDatabase, { subscription, userId }: RecordedSubscription): Promise<void> {
  await noteReceiptRecorded(serviceDb, userId, subscription.id);
  if (subscription.status !== 'active' && subscription.status !== 'trialing') return;
  // Not on an intro price (created elsewhere on the account): nothing to schedule.
  await scheduleIntroThenFull(stripe, subscription, { user_id: userId });
}

/**
 * The receipt of each paid invoice (the first payment and every renewal), once per invoice however
 * often Stripe delivers the event, in the language the visitor paid in (decision 0236).
 */
async function mailReceipt(serviceDb: UserDatabase, env: (name: string) => string | undefined, doFetch: typeof fetch, invoice: Stripe.Invoice, { subscription, userId }: RecordedSubscription): Promise<void> {
  const to = invoice.customer_email;
  // A zero invoice (a 100 % coupon) took no money: no receipt.
  if (to === null || to === '' || invoice.amount_paid <= 0) return;
  await mailCustomer(serviceDb, env, doFetch, {
    key: `receipt:${invoice.id}`,
    userId,
    kind: 'receipt',
    to,
    languages: [await paymentLanguage(serviceDb, subscription.id)],
    facts: { amount: { minor: invoice.amount_paid, currency: invoice.currency }, date: invoice.status_transitions.paid_at ?? invoice.created },
  });
}

/**
 * stripe-webhook: Stripe's event deliveries (`verify_jwt = false`, supabase/config.toml). The
 * signature is checked by the SDK against STRIPE_WEBHOOK_SECRET (missing or forged: 400, nothing
 * changes); each event id is handled once (public.stripe_webhook_events). What the event says about the
 * subscription's money goes to public.payment_events (the experiment report's outcomes). A failure answers 500, so
 * Stripe retries and the event is handled then.
 */
export const publicHandler: PublicFunctionHandler = async (request, deps) => {
  const { stripe, serviceDb, revenueCat, env } = deps;
  if (request.method !== 'POST') return functionError(405, 'method_not_allowed', 'Use POST');
  if (serviceDb === undefined) throw new Error('stripe-webhook needs the service role (needsServiceRole)');
  const secret = env('STRIPE_WEBHOOK_SECRET');
  if (secret === undefined || secret === '') throw new Error('STRIPE_WEBHOOK_SECRET is not set');
  const signature = request.headers.get('stripe-signature');
  if (signature === null || signature === '') return functionError(400, 'missing_signature', 'The Stripe-Signature header is missing');

  // The signature covers the exact bytes received: read them raw, parse only after verifying.
  const payload = await request.text();
  let event: Stripe.Event;
  try {
    // SubtleCrypto: the same verification on Deno (Edge Functions) and Node.
    event = await stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return functionError(400, 'invalid_signature', error.message);
    throw error;
  }

  if (await alreadyHandled(serviceDb, event.id)) return Response.json({ received: true, duplicate: true });
  const subscriptionId = await subscriptionOf(stripe, event);
  if (subscriptionId !== undefined) await recordPaymentEvent(stripe, serviceDb, event, subscriptionId);
  const recorded = subscriptionId === undefined ? undefined : await keepRevenueCatInStep(stripe, serviceDb, revenueCat, subscriptionId);
  if (recorded !== undefined && event.type === 'invoice.paid') {
    if (event.data.object.billing_reason === 'subscription_create') await completeFirstPayment(stripe, serviceDb, recorded);
    await mailReceipt(serviceDb, env, deps.fetch, event.data.object, recorded);
  }
  await markHandled(serviceDb, event);
  return Response.json({ received: true });
};

export const needsServiceRole = true;
