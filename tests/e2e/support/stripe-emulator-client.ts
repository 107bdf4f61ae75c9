import type { APIRequestContext } from '@playwright/test';
import Stripe from 'stripe';
import { LOCAL_STRIPE_SECRET_KEY } from '../../../server/config';
import { LOCAL_STACK_ANON_KEY } from '../../../services/supabase/supabase-settings';

/** The unmodified `stripe` SDK pointed at the local stack under test, as the payment functions use it. */
export function stripeEmulatorClient(baseUrl: string): Stripe {
  const url = new URL(baseUrl);
  return new Stripe(LOCAL_STRIPE_SECRET_KEY, { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
}

export interface IncompleteSubscription {
  readonly subscriptionId: string;
  readonly clientSecret: string;
  readonly paymentIntentId: string;
  readonly amount: number;
  readonly currency: string;
}

/**
 * What create-stripe-subscription does for a visitor: a customer and a subscription to the weekly
 * intro price with `payment_behavior: default_incomplete`; the first invoice's confirmation secret is
 * the PaymentIntent's client secret the payment page confirms.
 */
export async function createIncompleteSubscription(
  stripe: Stripe,
  email: string,
  paymentMethodTypes: Stripe.SubscriptionCreateParams.PaymentSettings.PaymentMethodType[] = ['card'],
  userId?: string,
): Promise<IncompleteSubscription> {
  const prices = await stripe.prices.list({ lookup_keys: ['w-intro'], limit: 1 });
  const price = prices.data[0];
  if (!price) throw new Error('the emulator has no w-intro price');
  // The user id on the customer, as the payment functions set it, makes the subscription the user's.
  const customer = await stripe.customers.create({ email, ...(userId === undefined ? {} : { metadata: { user_id: userId } }) });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: paymentMethodTypes },
    expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
  });
  const invoice = subscription.latest_invoice;
  if (typeof invoice !== 'object' || invoice === null) throw new Error('latest_invoice was not expanded');
  const clientSecret = invoice.confirmation_secret?.client_secret;
  if (!clientSecret) throw new Error('the invoice has no confirmation secret');
  const paymentIntentId = clientSecret.replace(/_secret_.*$/, '');
  return { subscriptionId: subscription.id, clientSecret, paymentIntentId, amount: invoice.amount_due, currency: invoice.currency };
}

/**
 * A subscription made by the create-stripe-subscription function as the signed-in user, exactly as
 * the plans page submits it (`priceId` of the lookup key, `currency`), so the payment pages see what
 * production sees; the PaymentIntent id and amount are read back with the SDK.
 */
export async function subscribeAsUser(
  request: APIRequestContext,
  stripe: Stripe,
  accessToken: string,
  lookupKey: 'w-intro' | 'y-intro' = 'w-intro',
  currency = 'eur',
): Promise<IncompleteSubscription> {
  const price = (await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 })).data[0];
  if (!price) throw new Error(`the emulator has no ${lookupKey} price`);
  const response = await request.post('/functions/v1/create-stripe-subscription', {
    headers: { Authorization: `Bearer ${accessToken}`, apikey: LOCAL_STACK_ANON_KEY, 'Content-Type': 'application/json' },
    data: { priceId: price.id, currency },
  });
  if (!response.ok()) throw new Error(`create-stripe-subscription answered ${response.status()}: ${await response.text()}`);
  const { data }: { data: { clientSecret: string; subscriptionId: string; invoiceSubtotal: number; invoiceCurrency: string } } = await response.json();
  return {
    subscriptionId: data.subscriptionId,
    clientSecret: data.clientSecret,
    paymentIntentId: data.clientSecret.replace(/_secret_.*$/, ''),
    amount: data.invoiceSubtotal,
    currency: data.invoiceCurrency,
  };
}

/** The payment page for a subscription, with the spec's parameters. */
export function paymentPagePath(subscription: IncompleteSubscription, fullPrice: number): string {
  const search = new URLSearchParams({
    client_secret: subscription.clientSecret,
    currency: subscription.currency,
    plan: 'weekly',
    subscription_id: subscription.subscriptionId,
    full_price: String(fullPrice),
    amount: String(subscription.amount),
  });
  return `/checkout/payment?${search.toString()}`;
}

