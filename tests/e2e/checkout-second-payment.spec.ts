import { expect, test, type APIRequestContext } from '@playwright/test';
import type Stripe from 'stripe';
import { createApiKeys } from '../../server/api-keys';
import { LOCAL_JWT_SECRET } from '../../server/config';
import { LOCAL_STACK_ANON_KEY } from '../../services/supabase/supabase-settings';
import { localeText } from './support/account-stack';
import { pathOf } from './support/funnel-walker';
import { fillCard, pay, paymentFrame } from './support/payment-page';
import { startSignedIn } from './support/signed-in-session';
import { stripeEmulatorClient } from './support/stripe-emulator-client';

/** From Pay to the account page: confirmation and the completion page's calls (checkout-payment.spec.ts). */
const completionTimeoutMs = 45_000;

const account = (path: string): string => localeText('en', 'account', path);

/**
 * Records `subscriptionId` as the checkout that replaced `replaces` while it was unpaid, as
 * create-stripe-subscription does with the service role (public.stripe_checkouts is read-only for
 * users). The stack's service-role key is signed with its local default secret, as `npm start` prints.
 */
async function recordReplacingCheckout(request: APIRequestContext, row: { userId: string; subscriptionId: string; replaces: string }): Promise<void> {
  const { serviceRoleKey } = await createApiKeys({ jwtSecret: LOCAL_JWT_SECRET });
  const response = await request.post('/rest/v1/stripe_checkouts', {
    headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
    data: { subscription_id: row.subscriptionId, user_id: row.userId, replaces: row.replaces, replaced_unpaid: true },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function firstPaymentIntent(stripe: Stripe, subscriptionId: string): Promise<string> {
  const invoice = (await stripe.invoices.list({ subscription: subscriptionId, limit: 1, expand: ['data.payments'] })).data[0];
  const intent = invoice?.payments?.data[0]?.payment.payment_intent;
  if (intent === undefined) throw new Error(`${subscriptionId} has no PaymentIntent`);
  return typeof intent === 'string' ? intent : intent.id;
}

/**
 * A checkout paid after another checkout replaced it (issue 26 section 9) through the real pages: the
 * server refunds it (409 second_payment_refunded), and the visitor must hear that, not "thank you".
 */
test('a checkout paid in an earlier tab after another replaced it: refunded, nothing recorded, the account page says so and shows the subscription kept', async ({ page, request, baseURL }) => {
  // Two payments through the pages, each a chain of server round trips (45 s each on loaded cores).
  test.setTimeout(180_000);
  const stripe = stripeEmulatorClient(baseURL ?? '');
  const { userId, accessToken } = await startSignedIn(page, request, 'second-payment-refunded');

  // The first tab: the weekly plan's checkout, from the plans page, up to the card typed in.
  await page.goto('/checkout/plans');
  await page.getByRole('button', { name: localeText('en', 'checkout', 'plans.continue') }).first().click();
  await expect(page).toHaveURL(/\/checkout\/payment\?/, { timeout: 30_000 });
  const earlier = new URL(page.url()).searchParams.get('subscription_id') ?? '';
  expect(earlier).toMatch(/^sub_/);
  await paymentFrame(page).getByRole('tab', { name: 'Card' }).click();
  await fillCard(paymentFrame(page), { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', zip: '10001' });

  // A second tab starts the yearly checkout, which replaces the weekly one. Through the plans page the
  // function would also cancel the weekly one at once, and the first tab's Pay would be refused: this is
  // the moment in between (replacement recorded, weekly not canceled yet), when a payment gets through,
  // made as tests/server/payment-functions.test.ts makes it.
  const earlierSubscription = await stripe.subscriptions.retrieve(earlier);
  const customer = typeof earlierSubscription.customer === 'string' ? earlierSubscription.customer : earlierSubscription.customer.id;
  const [yearlyIntro, yearlyFull] = await Promise.all(['y-intro', 'y-full'].map(async (key) => (await stripe.prices.list({ lookup_keys: [key], limit: 1 })).data[0]));
  const replacing = await stripe.subscriptions.create({
    customer,
    items: [{ price: yearlyIntro?.id ?? '' }],
    currency: 'eur',
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
    metadata: { user_id: userId },
    expand: ['latest_invoice.confirmation_secret'],
  });
  await recordReplacingCheckout(request, { userId, subscriptionId: replacing.id, replaces: earlier });
  const invoice = replacing.latest_invoice;
  if (invoice === null || typeof invoice === 'string') throw new Error('latest_invoice was not expanded');
  const second = await page.context().newPage();
  const search = new URLSearchParams({
    client_secret: invoice.confirmation_secret?.client_secret ?? '',
    currency: 'eur',
    plan: 'yearly',
    subscription_id: replacing.id,
    full_price: String(yearlyFull?.currency_options?.eur?.unit_amount ?? yearlyFull?.unit_amount ?? ''),
    amount: String(invoice.amount_due),
  });
  // The second tab pays the yearly plan: that is the subscription the account keeps.
  await second.goto(`/checkout/payment?${search.toString()}`);
  await fillCard(paymentFrame(second), { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', zip: '10001' });
  await pay(second);
  await expect.poll(() => pathOf(second), { timeout: completionTimeoutMs }).toBe('/account/subscription');
  await expect(second.getByRole('heading', { level: 1 })).toHaveText(account('subscription.paidHeading'));
  await second.close();

  // Back in the first tab, the weekly checkout is paid after all.
  const earlierIntent = await firstPaymentIntent(stripe, earlier);
  await pay(page);
  await expect.poll(() => pathOf(page), { timeout: completionTimeoutMs }).toBe('/account/subscription');

  // The visitor is told it was refunded, above what they have; no "thank you, your payment went through".
  const notice = page.getByRole('region', { name: account('subscription.refundedPayment.heading') });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(account('subscription.refundedPayment.text'));
  await expect(notice.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(account('subscription.heading'));
  await expect(page.getByText(account('subscription.paidHeading'))).toHaveCount(0);
  await expect(page.locator('.confirmation')).toHaveCount(0);
  // What the account really has: the yearly subscription of the other checkout, active.
  const card = page.getByRole('list', { name: account('subscription.standingsLabel') }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${account('stores.stripe')}${account('subscription.standing.renewing')}`);

  // The money went back and nothing of the weekly checkout was recorded: no purchase mark, no Purchase
  // conversion under its PaymentIntent, no full-price schedule.
  expect((await stripe.refunds.list({ payment_intent: earlierIntent })).data).toMatchObject([{ status: 'succeeded', reason: 'duplicate' }]);
  expect((await stripe.subscriptions.retrieve(earlier)).status).toBe('canceled');
  const marks = await request.get('/rest/v1/stripe_purchases?select=subscription_id', { headers: { Authorization: `Bearer ${accessToken}`, apikey: LOCAL_STACK_ANON_KEY } });
  expect(await marks.json()).toEqual([{ subscription_id: replacing.id }]);
  const events: { pixelEvents: { event_name: string; event_id: string | null }[]; serverEvents: { event_name: string; event_id: string | null }[] } = await (
    await request.get(`/_dev/pixel/events.json?event_id=${earlierIntent}`)
  ).json();
  expect([...events.pixelEvents, ...events.serverEvents].filter((row) => row.event_id === earlierIntent)).toEqual([]);
  expect((await stripe.subscriptions.retrieve(earlier)).schedule).toBeNull();

  // A reload of this history entry keeps the notice (it is this tab's news, in the entry's state). The
  // page renders while the root spinner still hides #root, where focus() does nothing: the heading takes
  // focus once shown (screens/focus-when-shown.ts).
  await page.reload();
  const reloaded = page.getByRole('region', { name: account('subscription.refundedPayment.heading') });
  await expect(reloaded).toBeVisible();
  await expect(reloaded.getByRole('heading', { level: 2 })).toBeFocused();
});
