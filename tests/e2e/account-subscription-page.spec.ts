import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LOCAL_REVENUECAT_PUBLIC_KEY } from '../../services/receipts/receipt-settings';
import { createAccount, grantSubscription, inDays, localeText, signInThroughTheForm, uniqueEmail } from './support/account-stack';
import { pathOf } from './support/funnel-walker';
import { completionTimeoutMs, fillCard, pay, paymentFrame } from './support/payment-page';
import { startSignedIn } from './support/signed-in-session';
import { stripeEmulatorClient } from './support/stripe-emulator-client';

/**
 * /account/subscription leads with what the visitor has (issue 26, section 3): a confirmation right
 * after paying, one honest line per subscription otherwise, dates in the visitor's language and
 * region, stores and statuses as words. A British English browser here: dates read "27 November 2026".
 */
test.use({ locale: 'en-GB' });

const text = (path: string): string => localeText('en', 'account', path);
const britishDate = (iso: string): string => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

async function webSubscriptionExpiry(request: APIRequestContext, userId: string): Promise<string> {
  const response = await request.get(`/revenuecat/v1/subscribers/${encodeURIComponent(userId)}`, { headers: { Authorization: `Bearer ${LOCAL_REVENUECAT_PUBLIC_KEY}` } });
  const record: { subscriber: { subscriptions: Record<string, { store: string; expires_date: string }> } } = await response.json();
  const web = Object.values(record.subscriber.subscriptions).find((subscription) => subscription.store === 'stripe');
  if (!web) throw new Error('no web subscription recorded');
  return web.expires_date;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/account/sign-in?path=%2Faccount%2Fsubscription');
  await signInThroughTheForm(page, email, password);
  await expect.poll(() => pathOf(page)).toBe('/account/subscription');
}

test('after paying: a confirmation of the plan, the charge, the next renewal and how to cancel, then the app', async ({ page, request, baseURL }) => {
  const stripe = stripeEmulatorClient(baseURL ?? '');
  const { email, userId } = await startSignedIn(page, request, 'paid-confirmation');
  await page.goto('/checkout/plans');
  await page.getByRole('button', { name: localeText('en', 'checkout', 'plans.continue') }).first().click();
  // Creating the subscription takes a few calls: more than 10 s on a loaded machine.
  await expect(page).toHaveURL(/\/checkout\/payment\?/, { timeout: 30_000 });
  const subscriptionId = new URL(page.url()).searchParams.get('subscription_id') ?? '';
  const frame = paymentFrame(page);
  await frame.getByRole('tab', { name: 'Card' }).click();
  await frame.getByLabel('Country').selectOption('US');
  await fillCard(frame, { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', zip: '10001' });
  await pay(page);
  await expect.poll(() => pathOf(page), { timeout: completionTimeoutMs }).toBe('/account/subscription');

  // What the visitor has leads: the confirmation, focused for screen readers; no "can't buy here" first.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(text('subscription.paidHeading'));
  await expect(heading).toBeFocused();
  const facts = page.locator('.confirmation dl');
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const charged = await stripe.paymentIntents.retrieve(await paidIntentId(stripe, subscriptionId));
  const fullPrice = (await stripe.prices.list({ lookup_keys: ['w-full'], limit: 1 })).data[0];
  const renewalAmount = Number(fullPrice?.currency_options?.[subscription.currency]?.unit_amount_decimal ?? fullPrice?.unit_amount_decimal);
  const money = (minor: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: subscription.currency.toUpperCase() }).format(minor / 100);
  const renewsOn = britishDate(await webSubscriptionExpiry(request, userId));
  expect(renewsOn).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  await expect(facts.locator('dt')).toHaveText([text('subscription.plan'), text('subscription.charged'), text('subscription.nextRenewal')]);
  await expect(facts.locator('dd')).toHaveText([text('subscription.plans.weekly'), money(charged.amount), `${renewsOn}, ${money(renewalAmount)}`]);
  const cancel = page.locator('.confirmation').getByRole('link', { name: text('subscription.cancelLink') });
  await expect(cancel).toHaveAttribute('href', '/help-center/cancelation');

  // The next step: the app, with this e-mail; the spec's line stays, after it.
  await expect(page.getByRole('heading', { level: 2, name: text('subscription.nextStep') })).toBeVisible();
  await expect(page.getByText(text('subscription.useTheApp').replace('{{email}}', email))).toBeVisible();
  await expect(page.getByText(text('subscription.noPurchaseHere'))).toBeVisible();
  // The bought subscription is not listed a second time.
  await expect(page.getByRole('list', { name: text('subscription.standingsLabel') })).toHaveCount(0);

  // A reload of this entry keeps the confirmation; a later visit says where the subscription stands.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('subscription.paidHeading'));
  await page.goto('/help-center');
  await page.getByRole('link', { name: localeText('en', 'help-centre', 'index.account') }).click();
  await expect.poll(() => pathOf(page)).toBe('/account/subscription');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('subscription.heading'));
  const card = page.getByRole('list', { name: text('subscription.standingsLabel') }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${text('stores.stripe')}${text('subscription.standing.renewing')}`);
  await expect(card).toContainText(`Renews on ${renewsOn}`);
  await expect(card.getByRole('link', { name: text('subscription.cancelLink') })).toHaveAttribute('href', '/help-center/cancelation');
});

async function paidIntentId(stripe: ReturnType<typeof stripeEmulatorClient>, subscriptionId: string): Promise<string> {
  const invoice = (await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 1, expand: ['data.payments'] })).data[0];
  const intent = invoice?.payments?.data[0]?.payment.payment_intent;
  if (intent === undefined) throw new Error(`no paid invoice for ${subscriptionId}`);
  return typeof intent === 'string' ? intent : intent.id;
}

test('each subscription its own line: active, canceled, refunded, ended, store names as words, British dates', async ({ page, request }) => {
  const email = uniqueEmail('standings');
  await createAccount(request, email, 'standings-pw');
  const appStoreRenews = inDays(30);
  const playEnds = inDays(10);
  const refundedOn = inDays(-3);
  const ended = inDays(-40);
  await grantSubscription(request, email, { store: 'app_store', product_id: 'premium_ios', purchase_date: inDays(-5), expires_date: appStoreRenews });
  await grantSubscription(request, email, { store: 'play_store', product_id: 'premium_android', purchase_date: inDays(-20), expires_date: playEnds, unsubscribe_detected_at: inDays(-2) });
  await grantSubscription(request, email, { store: 'stripe', product_id: 'premium_web', purchase_date: inDays(-4), expires_date: inDays(3), unsubscribe_detected_at: refundedOn, refunded_at: refundedOn });
  await grantSubscription(request, email, { store: 'mac_app_store', product_id: 'premium_mac', purchase_date: inDays(-400), expires_date: ended });
  await signIn(page, email, 'standings-pw');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('subscription.heading'));
  const cards = page.getByRole('list', { name: text('subscription.standingsLabel') }).getByRole('listitem');
  await expect(cards).toHaveText([
    `App StoreActiveRenews on ${britishDate(appStoreRenews)}Manage or cancel it in your App Store account.`,
    `Google PlayCancelledEnds on ${britishDate(playEnds)} and will not renewManage or cancel it in your Google Play account.`,
    `WebRefundedRefunded on ${britishDate(refundedOn)}`,
    `Mac App StoreEndedEnded on ${britishDate(ended)}`,
  ]);
  await expect(page.getByText(text('subscription.none'))).toHaveCount(0);

  // The spec's dialog: store words and British dates too.
  await page.getByRole('button', { name: text('subscription.viewSubscriptions') }).click();
  const rows = page.getByRole('dialog', { name: text('subscriptionsDialog.title') }).getByRole('row');
  await expect(rows.locator('td:first-child')).toHaveText(['Mac App Store', 'Google Play', 'App Store', 'Web']);
  await expect(rows.nth(1).locator('td').nth(3)).toHaveText(britishDate(ended));
});

test('no subscription: it says so first, then the app; in German with the German date order', async ({ page, request }) => {
  const email = uniqueEmail('none');
  await createAccount(request, email, 'none-pw');
  await signIn(page, email, 'none-pw');
  await expect(page.locator('main').getByRole('heading').first()).toHaveText(text('subscription.heading'));
  await expect(page.locator('main > p').first()).toHaveText(text('subscription.none'));
  // The next step does not speak of a subscription they do not have.
  await expect(page.getByText(text('subscription.useTheAppNone').replace('{{email}}', email))).toBeVisible();
  await expect(page.getByText(text('subscription.useTheApp').replace('{{email}}', email))).toHaveCount(0);
  await expect(page.getByRole('button', { name: text('subscription.viewSubscriptions') })).toHaveCount(0);

  await grantSubscription(request, email, { store: 'play_store', product_id: 'premium_android', purchase_date: inDays(-1), expires_date: '2030-07-15T12:00:00Z' });
  await page.goto('/account/subscription?lng=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('list', { name: localeText('de', 'account', 'subscription.standingsLabel') }).getByRole('listitem')).toContainText('Verlängert sich am 15. Juli 2030');
});

test('the brand header on the account, sign-up and payment pages: Back where there is one, and the help centre', async ({ page, request }) => {
  const header = page.locator('header.brand-header');
  const back = header.getByRole('button', { name: 'Back' });
  const help = header.getByRole('link', { name: 'Help centre' });

  await page.goto('/account/sign-in');
  await expect(header.getByRole('img', { name: 'Nutrio' })).toBeVisible();
  await page.getByRole('link', { name: localeText('en', 'account', 'signIn.forgotPassword') }).click();
  await expect.poll(() => pathOf(page)).toBe('/account/forgot-password');
  await back.click();
  await expect.poll(() => pathOf(page)).toBe('/account/sign-in');
  await help.click();
  await expect.poll(() => pathOf(page)).toBe('/help-center');

  // The standalone sign-up opened directly: Back leads to the start of the funnel.
  await page.goto('/sign-up/password');
  await expect(header.getByRole('img', { name: 'Nutrio' })).toBeVisible();
  await back.click();
  await expect.poll(() => pathOf(page)).toMatch(/^\/onboarding\//);

  // Payment: back to the plans; the account's home has no Back, only help.
  await startSignedIn(page, request, 'header');
  await page.goto('/checkout/payment?client_secret=pi_unknown_secret_nope&currency=eur&amount=299');
  await expect(help).toHaveAttribute('href', '/help-center');
  await back.click();
  await expect.poll(() => pathOf(page)).toBe('/checkout/plans');
  await page.goto('/account/subscription');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(header.getByRole('img', { name: 'Nutrio' })).toBeVisible();
  await expect(back).toHaveCount(0);
  await expect(help).toBeVisible();
});
