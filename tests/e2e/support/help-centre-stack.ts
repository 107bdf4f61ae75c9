import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type Stripe from 'stripe';
import { LOCAL_STACK_ANON_KEY } from '../../../services/supabase/supabase-settings';
import { LOCAL_REVENUECAT_PUBLIC_KEY } from '../../../services/receipts/receipt-settings';
import { createAccount, grantSubscription, inDays, uniqueEmail } from './account-stack';
import { payLatestInvoice } from '../../support/pay-latest-invoice';

const DAY = 86_400;

export interface Subscriber {
  readonly email: string;
  readonly password: string;
  readonly userId: string;
  readonly accessToken: string;
}

/** What a subscriber has bought: a web subscription paid now or long ago, and store subscriptions. */
export interface Purchases {
  readonly web?: 'recent' | 'outsideRefundWindow';
  readonly appStore?: boolean;
  readonly playStore?: boolean;
}

async function pay(stripe: Stripe, subscriptionId: string): Promise<void> {
  expect((await payLatestInvoice(stripe, subscriptionId)).status).toBe('succeeded');
}

/** A web purchase as checkout makes it: create-stripe-subscription as the user, then the card payment. */
async function recentWebPurchase(request: APIRequestContext, stripe: Stripe, subscriber: Subscriber): Promise<void> {
  const prices = await stripe.prices.list({ lookup_keys: ['w-intro'], limit: 1 });
  const price = prices.data[0];
  if (!price) throw new Error('no w-intro price');
  const response = await request.post('/functions/v1/create-stripe-subscription', {
    headers: { apikey: LOCAL_STACK_ANON_KEY, Authorization: `Bearer ${subscriber.accessToken}` },
    data: { priceId: price.id, currency: 'eur', email: subscriber.email },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body: { data: { subscriptionId: string } } = await response.json();
  await pay(stripe, body.data.subscriptionId);
}

/**
 * A yearly web subscription paid `daysAgo` days ago (30: outside the 14-day refund window): its
 * customer lives on a Stripe test clock frozen then and carries the user's id (whose customer it is),
 * as checkout's does. Answers the subscription's id.
 */
export async function oldWebPurchase(stripe: Stripe, subscriber: Pick<Subscriber, 'email' | 'userId'>, daysAgo = 30): Promise<string> {
  const prices = await stripe.prices.list({ lookup_keys: ['y-intro'], limit: 1 });
  const price = prices.data[0];
  if (!price) throw new Error('no y-intro price');
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) - daysAgo * DAY });
  const customer = await stripe.customers.create({ email: subscriber.email, metadata: { user_id: subscriber.userId }, test_clock: clock.id });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    currency: 'eur',
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
    metadata: { user_id: subscriber.userId },
  });
  await pay(stripe, subscription.id);
  return subscription.id;
}

/** The subscriber's store values in RevenueCat, read with the public key as the app reads them. */
export async function revenueCatStores(request: APIRequestContext, userId: string): Promise<string[]> {
  const response = await request.get(`/revenuecat/v1/subscribers/${encodeURIComponent(userId)}`, { headers: { Authorization: `Bearer ${LOCAL_REVENUECAT_PUBLIC_KEY}` } });
  const body: { subscriber: { subscriptions: Record<string, { store: string }> } } = await response.json();
  return Object.values(body.subscriber.subscriptions).map((subscription) => subscription.store).sort();
}

/**
 * A new account with the given purchases: store subscriptions through the dev grant endpoint, web ones
 * through the payment function and the Stripe SDK (RevenueCat records them from Stripe's webhook).
 */
export async function subscriberWith(request: APIRequestContext, stripe: Stripe, label: string, purchases: Purchases): Promise<Subscriber> {
  const email = uniqueEmail(label);
  const password = `${label}-password`;
  const { userId, accessToken } = await createAccount(request, email, password);
  const subscriber = { email, password, userId, accessToken };
  const expected: string[] = [];
  if (purchases.appStore === true) {
    await grantSubscription(request, email, { store: 'app_store', product_id: 'premium_yearly_ios', expires_date: inDays(300) });
    expected.push('app_store');
  }
  if (purchases.playStore === true) {
    await grantSubscription(request, email, { store: 'play_store', product_id: 'premium_yearly_android', expires_date: inDays(300) });
    expected.push('play_store');
  }
  if (purchases.web === 'recent') await recentWebPurchase(request, stripe, subscriber);
  if (purchases.web === 'outsideRefundWindow') await oldWebPurchase(stripe, subscriber, 30);
  if (purchases.web !== undefined) expected.push('stripe');
  await expect.poll(() => revenueCatStores(request, userId)).toEqual(expected.sort());
  return subscriber;
}

/** Puts the subscriber's session where supabase-js keeps it, so the next page starts signed in. */
export async function signInByStorage(page: Page, request: APIRequestContext, subscriber: Subscriber): Promise<void> {
  const response = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: LOCAL_STACK_ANON_KEY, 'Content-Type': 'application/json' },
    data: { email: subscriber.email, password: subscriber.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const session: unknown = await response.json();
  await page.addInitScript((stored) => window.localStorage.setItem('sb-localhost-auth-token', stored), JSON.stringify(session));
}
