import { expect, test, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { axeFindings } from '../a11y/axe-report';
import { localeText, mailText, storedAccessToken } from './support/account-stack';
import { pathOf } from './support/funnel-walker';
import { startSignedIn } from './support/signed-in-session';
import { LOCAL_REVENUECAT_PUBLIC_KEY } from '../../services/receipts/receipt-settings';
import { LOCAL_STACK_ANON_KEY } from '../../services/supabase/supabase-settings';
import { createIncompleteSubscription, paymentPagePath, stripeEmulatorClient, subscribeAsUser } from './support/stripe-emulator-client';
import { completionTimeoutMs, consentBox, fillCard, pay, payButton, paymentFrame } from './support/payment-page';

/**
 * The payment page through the unmodified @stripe/react-stripe-js over the Stripe.js sandbox and the
 * stack's Stripe emulator. Subscriptions (and so PaymentIntents) are created with the `stripe` SDK, as
 * create-stripe-subscription does; outcomes are read back with the SDK. One page per PaymentIntent:
 * each test walks several cards on the same page.
 */

const challengeFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="3D Secure authentication"]');
/** The same button whatever it says ("Pay €2.99", "Processing…"). */
const submitButton = (page: Page) => page.locator('main form').getByRole('button');
const appMessage = (page: Page) => page.locator('main').getByRole('alert');

interface SubscriberRecord {
  readonly subscriber: { readonly entitlements: Record<string, { expires_date: string | null }>; readonly subscriptions: Record<string, { store: string; store_transaction_id: string }> };
}

/** The user's RevenueCat record, read as the browser reads it (public key). */
async function subscriberOf(request: APIRequestContext, userId: string): Promise<SubscriberRecord> {
  const response = await request.get(`/revenuecat/v1/subscribers/${encodeURIComponent(userId)}`, { headers: { Authorization: `Bearer ${LOCAL_REVENUECAT_PUBLIC_KEY}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as SubscriberRecord;
}

/** The purchases marked for the user (public.stripe_purchases, readable by its owner). */
async function purchaseMarks(request: APIRequestContext, accessToken: string): Promise<{ subscription_id: string; payment_intent_id: string }[]> {
  const response = await request.get('/rest/v1/stripe_purchases?select=subscription_id,payment_intent_id', { headers: { Authorization: `Bearer ${accessToken}`, apikey: LOCAL_STACK_ANON_KEY } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { subscription_id: string; payment_intent_id: string }[];
}

async function scheduledPrices(stripe: ReturnType<typeof stripeEmulatorClient>, subscriptionId: string): Promise<{ schedules: number; phases: (string | undefined)[] }> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const customer = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const schedules = (await stripe.subscriptionSchedules.list({ customer })).data;
  const phases = (schedules[0]?.phases ?? []).map((phase) => {
    const price = phase.items[0]?.price;
    return typeof price === 'string' ? price : price?.id;
  });
  return { schedules: schedules.length, phases };
}

/** The consents on record for the user (public.checkout_consents, readable by its owner). */
async function consentRecords(request: APIRequestContext, accessToken: string): Promise<{ subscription_id: string; given: boolean; wording_version: number; language: string; country: string | null }[]> {
  const response = await request.get('/rest/v1/checkout_consents?select=subscription_id,given,wording_version,language,country', { headers: { Authorization: `Bearer ${accessToken}`, apikey: LOCAL_STACK_ANON_KEY } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { subscription_id: string; given: boolean; wording_version: number; language: string; country: string | null }[];
}

/** The visitor's country as the stack's geolocation answers it (GEO_DEFAULT_COUNTRY without a CDN header). */
async function stackCountry(request: APIRequestContext): Promise<string | null> {
  const { countrycode }: { countrycode: string | null } = await (await request.get('/api/v1/geolocation')).json();
  return countrycode;
}

/**
 * Pay without the consent box ticked: nothing is sent, the box is marked and focused, and the message
 * beside it (its description) says why; ticking it clears the message.
 */
async function expectConsentRequired(page: Page, language: 'en' | 'de'): Promise<void> {
  const box = consentBox(page);
  await expect(box).toHaveAccessibleName(localeText(language, 'checkout', 'payment.consent.label'));
  await expect(box).not.toBeChecked();
  await submitButton(page).click();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(localeText(language, 'checkout', 'payment.consent.required'));
  await expect(box).toBeFocused();
  await box.check();
  await expect(box).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByText(localeText(language, 'checkout', 'payment.consent.required'))).toHaveCount(0);
}

/** The navigation to the completion page, as the provider sends it (before the app redirects on). */
const completionRequest = (page: Page) =>
  page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/checkout/payment-completion');

test.describe('the payment page', () => {
  test('needs a signed-in user: sign-in comes back to the same payment page', async ({ page }) => {
    await page.goto('/checkout/payment?client_secret=pi_1_secret_2&currency=eur');
    await expect.poll(() => pathOf(page)).toBe('/account/sign-in');
    expect(new URL(page.url()).searchParams.get('path')).toBe('/checkout/payment?client_secret=pi_1_secret_2&currency=eur');
  });

  test('without a client secret sends the visitor to the plans; a form that cannot load says so', async ({ page, request }) => {
    await startSignedIn(page, request, 'payment-no-secret');
    await page.goto('/checkout/payment?currency=eur&plan=weekly');
    await expect.poll(() => pathOf(page)).toBe('/checkout/plans');

    // A client secret the provider does not know: the element reports a load error.
    await page.goto('/checkout/payment?client_secret=pi_unknown_secret_nope&currency=eur&amount=299');
    await expect(appMessage(page)).toHaveText(localeText('en', 'checkout', 'payment.loadFailed'));
    await expect(payButton(page)).toBeDisabled();

    // The provider's code itself does not load.
    await page.route('**/assets/load-sandbox-stripe-*.js', (route) => route.abort());
    await page.goto('/checkout/payment?client_secret=pi_unknown_secret_nope&currency=eur&amount=299');
    await expect(appMessage(page)).toHaveText(localeText('en', 'checkout', 'payment.loadFailed'));
    await expect(payButton(page)).toBeDisabled();
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('card checks, declines and a failed 3-D Secure keep the visitor on the page; a completed one pays', async ({ page, request, baseURL }) => {
    const stripe = stripeEmulatorClient(baseURL ?? '');
    const { email, userId } = await startSignedIn(page, request, 'payment-cards');
    const subscription = await createIncompleteSubscription(stripe, email, ['card'], userId);
    await page.goto(paymentPagePath(subscription, 999));

    await expect(page.getByRole('heading', { level: 1, name: localeText('en', 'checkout', 'payment.heading') })).toBeVisible();
    await expect(page.getByText(localeText('en', 'checkout', 'payment.securePayment'))).toBeVisible();
    await expect(page.getByRole('heading', { name: localeText('en', 'checkout', 'payment.moneyBackTitle') })).toBeVisible();
    await expect(page.getByText('Weekly plan')).toBeVisible();
    const frame = paymentFrame(page);
    await expect(frame.getByLabel('Card number')).toBeVisible();
    await expect(payButton(page)).toBeEnabled();
    // The pay button says what will be charged: the first invoice's amount, cents / 100.
    expect(subscription.currency).toBe('eur');
    await expect(payButton(page)).toHaveText(`Pay €${(subscription.amount / 100).toFixed(2)}`);
    // Beside Pay, the renewal terms in one sentence: today's amount, then the full price (999 cents), and where to cancel.
    const renewal = page.getByTestId('checkout-renewal');
    await expect(renewal).toHaveText(`€${(subscription.amount / 100).toFixed(2)} today, then €9.99 every week. Cancel anytime in the help centre.`);
    await expect(renewal.getByRole('link', { name: 'help centre' })).toHaveAttribute('href', '/help-center');
    // Only card is on this PaymentIntent: no tabs, and wallets never show in this browser.
    await expect(frame.getByRole('tab')).toHaveCount(0);
    // The visitor's language is en-US: the country is the US and the postal code is a ZIP.
    await expect(frame.getByLabel('Country')).toHaveValue('US');
    expect((await axeFindings(page, 'payment page')).blocking).toEqual([]);

    // The stack's country (the EU default rules) asks for the consent box: Pay refuses until it is ticked.
    await expectConsentRequired(page, 'en');
    expect((await stripe.paymentIntents.retrieve(subscription.paymentIntentId)).last_payment_error).toBeNull();
    expect((await axeFindings(page, 'payment page, consent ticked')).blocking).toEqual([]);

    // Nothing typed: every field says what is missing; the app shows the first, as Stripe.js returns it.
    await pay(page);
    await expect(appMessage(page)).toHaveText('Your card number is incomplete.');
    await expect(frame.getByText("Your card's expiration date is incomplete.")).toBeVisible();
    await expect(frame.getByText("Your card's security code is incomplete.")).toBeVisible();
    await expect(frame.getByText('Your ZIP is incomplete.')).toBeVisible();
    await expect(frame.getByLabel('Card number')).toBeFocused();
    await expect(frame.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');

    await fillCard(frame, { number: '4242 4242 4242 4242', expiry: '12 / 3', cvc: '123', zip: '10001' });
    await pay(page);
    await expect(appMessage(page)).toHaveText("Your card's expiration date is incomplete.");
    await fillCard(frame, { expiry: '12 / 34', cvc: '12' });
    await pay(page);
    await expect(appMessage(page)).toHaveText("Your card's security code is incomplete.");
    await fillCard(frame, { cvc: '123', zip: '100' });
    await pay(page);
    await expect(appMessage(page)).toHaveText('Your ZIP is incomplete.');
    // Other countries name the field as Stripe does, or do not ask for it.
    await frame.getByLabel('Country').selectOption('GB');
    await expect(frame.getByLabel('Postal code')).toBeVisible();
    await frame.getByLabel('Country').selectOption('DE');
    await expect(frame.getByLabel('Postal code')).toBeHidden();
    await frame.getByLabel('Country').selectOption('US');
    // Validation happens in the browser: the emulator saw no attempt.
    expect((await stripe.paymentIntents.retrieve(subscription.paymentIntentId)).last_payment_error).toBeNull();

    await fillCard(frame, { number: '4000 0000 0000 0002', zip: '10001' });
    await pay(page);
    await expect(appMessage(page)).toHaveText('Your card was declined.');
    expect((await stripe.paymentIntents.retrieve(subscription.paymentIntentId)).last_payment_error?.decline_code).toBe('generic_decline');

    await fillCard(frame, { number: '4000 0000 0000 9995' });
    await pay(page);
    await expect(appMessage(page)).toHaveText('Your card has insufficient funds.');
    expect((await stripe.paymentIntents.retrieve(subscription.paymentIntentId)).last_payment_error?.decline_code).toBe('insufficient_funds');

    // 3-D Secure, failed: the challenge closes and, like a redirect-based authentication, the visitor
    // returns through the completion page, which finds the failure and comes back with "payment failed".
    await fillCard(frame, { number: '4000 0025 0000 3155' });
    await pay(page);
    await expect(page.getByRole('dialog', { name: '3D Secure authentication' })).toBeVisible();
    // Modal: the page behind is out of reach of keyboard and screen reader until the challenge answers.
    await expect(page.locator('#root')).toHaveJSProperty('inert', true);
    // The form is submitting while the challenge runs; the page being shown again (the browser's back
    // from a redirect restores it from the back-forward cache) resets the flag.
    await expect(submitButton(page)).toHaveText('Processing…');
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    await expect(submitButton(page)).toHaveText(/^Pay/);
    const failedReturn = page.waitForURL((url) => url.pathname === '/checkout/payment-completion');
    await challengeFrame(page).getByRole('button', { name: 'Fail authentication' }).click();
    await failedReturn;
    await expect(page.getByRole('dialog', { name: '3D Secure authentication' })).toBeHidden();
    await expect(appMessage(page)).toHaveText(localeText('en', 'checkout', 'payment.errors.paymentFailed'));
    await expect(page.locator('#root')).toHaveJSProperty('inert', false);
    expect([pathOf(page), new URL(page.url()).searchParams.get('payment_error'), new URL(page.url()).searchParams.get('client_secret')]).toEqual([
      '/checkout/payment',
      'paymentFailed',
      subscription.clientSecret,
    ]);
    const failed = await stripe.paymentIntents.retrieve(subscription.paymentIntentId);
    expect([failed.status, failed.last_payment_error?.code]).toEqual(['requires_payment_method', 'payment_intent_authentication_failure']);

    // 3-D Secure, completed: the provider sends the visitor to the completion page, which finds it paid.
    await fillCard(frame, { number: '4000 0025 0000 3155', expiry: '12 / 34', cvc: '123', zip: '10001' });
    await pay(page);
    const completion = completionRequest(page);
    await challengeFrame(page).getByRole('button', { name: 'Complete authentication' }).click();
    const returned = new URL((await completion).url()).searchParams;
    expect(returned.get('redirect_status')).toBe('succeeded');
    await expect.poll(() => pathOf(page), { timeout: completionTimeoutMs }).toBe('/account/subscription');
    expect((await stripe.paymentIntents.retrieve(subscription.paymentIntentId)).status).toBe('succeeded');
    // On record with the subscription before the first Pay reached the provider, once, however often Pay was pressed.
    expect(await consentRecords(request, await storedAccessToken(page))).toEqual([
      { subscription_id: subscription.subscriptionId, given: true, wording_version: 1, language: 'en', country: await stackCountry(request) },
    ]);
  });

  test('in German: the consent box, its message and the renewal terms in German; the consent recorded in German', async ({ page, request, baseURL }) => {
    const stripe = stripeEmulatorClient(baseURL ?? '');
    const { email, userId } = await startSignedIn(page, request, 'payment-consent-de');
    const subscription = await createIncompleteSubscription(stripe, email, ['card'], userId);
    await page.goto(`${paymentPagePath(subscription, 999)}&lng=de`);
    await expect(page.getByRole('heading', { level: 1, name: localeText('de', 'checkout', 'payment.heading') })).toBeVisible();
    await expect(page.getByTestId('checkout-renewal')).toContainText(/heute, danach 9,99\s€ pro Woche\./);
    // The way back to the plans: the brand header's back button (its route's handle names /checkout/plans).
    await page.getByRole('banner').getByRole('button', { name: localeText('de', 'common', 'back') }).click();
    await expect.poll(() => pathOf(page)).toBe('/checkout/plans');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: localeText('de', 'checkout', 'payment.heading') })).toBeVisible();
    await expectConsentRequired(page, 'de');
    // In German the element preselects Germany, which asks for no postal code.
    await fillCard(paymentFrame(page), { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
    await submitButton(page).click();
    await expect.poll(() => pathOf(page), { timeout: completionTimeoutMs }).toBe('/account/subscription');
    expect(await consentRecords(request, await storedAccessToken(page))).toEqual([
      { subscription_id: subscription.subscriptionId, given: true, wording_version: 1, language: 'de', country: await stackCountry(request) },
    ]);
    // The receipt is written in the language the visitor paid in, with the amount as German writes it.
    expect(await mailText(request, email, 'Ihre Zahlungsbestätigung')).toMatch(/Vielen Dank für Ihre Zahlung von 2,99\s€ am .+\./);
  });

  test('4242 pays: completion trusts only the PaymentIntent, records the purchase once, and the account shows WEB active', async ({ page, request, baseURL }) => {
    const stripe = stripeEmulatorClient(baseURL ?? '');
    const { email, userId, accessToken } = await startSignedIn(page, request, 'payment-success');
    // As the plans page will create it: the create-stripe-subscription function, weekly intro price.
    const subscription = await subscribeAsUser(request, stripe, accessToken, 'w-intro');
    // Another, never paid PaymentIntent (on a customer of its own, so the function above cannot return it).
    const unpaid = await createIncompleteSubscription(stripe, email);

    // A forged return for an unpaid PaymentIntent goes back to its payment page with a message.
    await page.goto(
      `/checkout/payment-completion?${new URLSearchParams({
        payment_intent: unpaid.paymentIntentId,
        payment_intent_client_secret: unpaid.clientSecret,
        redirect_status: 'succeeded',
        subscription_id: unpaid.subscriptionId,
        currency: unpaid.currency,
      }).toString()}`,
    );
    await expect.poll(() => pathOf(page)).toBe('/checkout/payment');
    expect(new URL(page.url()).searchParams.get('client_secret')).toBe(unpaid.clientSecret);
    await expect(appMessage(page)).toHaveText(localeText('en', 'checkout', 'payment.errors.somethingWentWrong'));
    expect(await purchaseMarks(request, accessToken)).toEqual([]);

    // The function's PaymentIntents offer PayPal first (spec order), as production does: choose the card.
    const openWithCard = async () => {
      await page.goto(paymentPagePath(subscription, 999));
      await paymentFrame(page).getByRole('tab', { name: 'Card' }).click();
      await fillCard(paymentFrame(page), { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', zip: '10001' });
    };
    await openWithCard();
    // An error other than a card or validation error (here the provider unreachable) is the error
    // screen, and it is reported.
    const reported: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') reported.push(message.text());
    });
    await page.route('**/v1/payment_intents/*/confirm', (route) => route.abort(), { times: 1 });
    await pay(page);
    await expect(page.getByRole('heading', { level: 1, name: localeText('en', 'common', 'error.heading') })).toBeVisible();
    expect(reported.some((text) => text.includes('api_connection_error'))).toBe(true);
    expect((await stripe.paymentIntents.retrieve(subscription.paymentIntentId)).status).toBe('requires_payment_method');

    await openWithCard();
    // The return is answered 204 once, so the page stays: the form is still submitting (the redirect
    // never settles confirmPayment) until the page is shown again.
    await page.route('**/checkout/payment-completion?*', (route) => route.fulfill({ status: 204 }), { times: 1 });
    const completion = completionRequest(page);
    await pay(page);
    const completionUrl = (await completion).url();
    await expect(submitButton(page)).toBeDisabled();
    await expect(submitButton(page)).toHaveText('Processing…');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(submitButton(page)).toBeEnabled();
    await expect(submitButton(page)).toHaveText(/^Pay/);
    const returned = new URL(completionUrl).searchParams;
    expect({
      payment_intent: returned.get('payment_intent'),
      payment_intent_client_secret: returned.get('payment_intent_client_secret'),
      redirect_status: returned.get('redirect_status'),
      subscription_id: returned.get('subscription_id'),
    }).toEqual({
      payment_intent: subscription.paymentIntentId,
      payment_intent_client_secret: subscription.clientSecret,
      redirect_status: 'succeeded',
      subscription_id: subscription.subscriptionId,
    });

    // The completion page says what it is doing (never blank; held at the first recording step so the
    // test can see it), then lands on the account.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/functions/v1/mark-stripe-subscription-purchased', async (route) => {
      await held;
      await route.continue();
    }, { times: 1 });
    await page.goto(completionUrl);
    await expect(page.getByRole('heading', { level: 1, name: localeText('en', 'checkout', 'completion.recordingTitle') })).toBeVisible();
    expect(pathOf(page)).toBe('/checkout/payment-completion');
    release();
    await expect.poll(() => pathOf(page), { timeout: completionTimeoutMs }).toBe('/account/subscription');
    await page.getByRole('button', { name: localeText('en', 'account', 'subscription.viewSubscriptions') }).click();
    const rows = page.getByRole('dialog', { name: localeText('en', 'account', 'subscriptionsDialog.title') }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1).getByRole('cell').nth(0)).toHaveText('Web');
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('active');

    // A reload of the completion page records nothing twice: one mark, one receipt, one schedule.
    await page.goto(completionUrl);
    await expect.poll(() => pathOf(page), { timeout: completionTimeoutMs }).toBe('/account/subscription');
    expect(await purchaseMarks(request, accessToken)).toEqual([{ subscription_id: subscription.subscriptionId, payment_intent_id: subscription.paymentIntentId }]);
    const record = await subscriberOf(request, userId);
    expect(Object.values(record.subscriber.subscriptions)).toMatchObject([{ store: 'stripe', store_transaction_id: subscription.subscriptionId }]);
    expect(Date.parse(record.subscriber.entitlements.premium?.expires_date ?? '')).toBeGreaterThan(Date.now());
    const introPrice = (await stripe.subscriptions.retrieve(subscription.subscriptionId)).items.data[0]?.price;
    const fullPrice = (await stripe.prices.list({ lookup_keys: ['w-full'], limit: 1 })).data[0];
    expect(await scheduledPrices(stripe, subscription.subscriptionId)).toEqual({ schedules: 1, phases: [introPrice?.id, fullPrice?.id] });

    // The purchase is registered once, under the PaymentIntent's id (Meta deduplicates the pixel and the
    // server event by it): pixel Purchase and purchase_2, server Purchase, the tracking-events copy of
    // Purchase, none again after the reload.
    interface PixelRow { event_name: string; event_id: string | null; params: Record<string, string> }
    const purchaseEvents = async () => {
      const events: { pixelEvents: PixelRow[]; serverEvents: { event_name: string; event_id: string | null }[]; trackingEvents: { params: Record<string, string> }[] } = await (
        await request.get(`/_dev/pixel/events.json?event_id=${subscription.paymentIntentId}`)
      ).json();
      const names = (rows: { event_name: string; event_id: string | null }[]) => rows.filter((row) => row.event_id === subscription.paymentIntentId).map((row) => row.event_name).sort();
      return {
        pixel: names(events.pixelEvents),
        server: names(events.serverEvents),
        copies: events.trackingEvents.filter((row) => row.params.eid === subscription.paymentIntentId).map((row) => row.params.ev),
        purchase2: events.pixelEvents.find((row) => row.event_id === subscription.paymentIntentId && row.event_name === 'purchase_2')?.params,
      };
    };
    await expect.poll(purchaseEvents, { timeout: 15_000 }).toMatchObject({ pixel: ['Purchase', 'purchase_2'], server: ['Purchase'], copies: ['Purchase'] });
    // purchase_2 carries the net amount: what was charged, less the VAT of the visitor's country (the
    // stack's default location, as /api/v1/geolocation answers it) and the fee of the method that paid
    // (its type looked up with get-stripe-payment-method-type: card), as /api/v1/net_amounts computes it.
    const paid = await stripe.paymentIntents.retrieve(subscription.paymentIntentId);
    const { countrycode } = (await (await request.get('/api/v1/geolocation')).json()) as { countrycode: string };
    const net = await request.post('/api/v1/net_amounts', { data: { country_code: countrycode, currency: paid.currency, gross_amount: paid.amount, payment_method_type: 'card' } });
    const { net_amount: netAmount } = (await net.json()) as { net_amount: number };
    expect(netAmount).toBeLessThan(paid.amount);
    const { purchase2 } = await purchaseEvents();
    expect({ value: Number(purchase2?.['cd[value]']), currency: purchase2?.['cd[currency]'] }).toEqual({ value: netAmount / 100, currency: paid.currency.toUpperCase() });
  });

  test('yearly from the plans page: Continue -> payment -> 4242 -> the account shows WEB active, on a yearly intro -> full schedule', async ({ page, request, baseURL }) => {
    const stripe = stripeEmulatorClient(baseURL ?? '');
    const { userId } = await startSignedIn(page, request, 'payment-yearly');
    await page.goto('/checkout/plans');
    const top = page.getByRole('group', { name: localeText('en', 'checkout', 'plans.chooseTop') });
    await top.getByRole('radio', { name: localeText('en', 'checkout', 'payment.plans.yearly') }).check();
    await page.getByRole('button', { name: localeText('en', 'checkout', 'plans.continue') }).first().click();
    await expect.poll(() => pathOf(page)).toBe('/checkout/payment');
    const query = new URL(page.url()).searchParams;
    expect(query.get('plan')).toBe('yearly');
    // The payment page's own summary names the plan (the URL changes before the plans page, with its two
    // selectors naming both plans, has left the screen).
    const summary = page.getByRole('region', { name: localeText('en', 'checkout', 'payment.summary') });
    await expect(summary.getByText(localeText('en', 'checkout', 'payment.plans.yearly'))).toBeVisible();
    await paymentFrame(page).getByRole('tab', { name: 'Card' }).click();
    await fillCard(paymentFrame(page), { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', zip: '10001' });
    await pay(page);
    await expect.poll(() => pathOf(page), { timeout: completionTimeoutMs }).toBe('/account/subscription');
    await page.getByRole('button', { name: localeText('en', 'account', 'subscription.viewSubscriptions') }).click();
    const row = page.getByRole('dialog', { name: localeText('en', 'account', 'subscriptionsDialog.title') }).getByRole('row').nth(1);
    await expect(row.getByRole('cell').nth(0)).toHaveText('Web');
    await expect(row.getByRole('cell').nth(1)).toHaveText('active');

    const subscriptionId = query.get('subscription_id') ?? '';
    const record = await subscriberOf(request, userId);
    expect(Object.values(record.subscriber.subscriptions)).toMatchObject([{ store: 'stripe', store_transaction_id: subscriptionId }]);
    const [intro, full] = await Promise.all(['y-intro', 'y-full'].map(async (key) => (await stripe.prices.list({ lookup_keys: [key], limit: 1 })).data[0]?.id));
    expect(await scheduledPrices(stripe, subscriptionId)).toEqual({ schedules: 1, phases: [intro, full] });
  });

  test('the tab closed right after paying: the webhook still grants the entitlement and schedules the full price', async ({ page, request, baseURL }) => {
    const stripe = stripeEmulatorClient(baseURL ?? '');
    const { userId, accessToken } = await startSignedIn(page, request, 'payment-tab-closed');
    const subscription = await subscribeAsUser(request, stripe, accessToken, 'w-intro');
    await page.goto(paymentPagePath(subscription, 999));
    // The function's PaymentIntents offer PayPal first (spec order), as production does: choose the card.
    await paymentFrame(page).getByRole('tab', { name: 'Card' }).click();
    await fillCard(paymentFrame(page), { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', zip: '10001' });
    // The completion page never loads: the tab is gone.
    await page.route('**/checkout/payment-completion?*', (route) => route.abort());
    const completion = completionRequest(page);
    await pay(page);
    await completion;
    await page.close();

    await expect.poll(async () => Date.parse((await subscriberOf(request, userId)).subscriber.entitlements.premium?.expires_date ?? '') > Date.now()).toBe(true);
    await expect.poll(async () => (await scheduledPrices(stripe, subscription.subscriptionId)).phases.length).toBe(2);
    // Nothing came from the page: it never marked the purchase.
    expect(await purchaseMarks(request, accessToken)).toEqual([]);
  });

  test('PayPal first in the tabs; declined on its approval page it comes back failed, approved it pays', async ({ page, request, baseURL }) => {
    const stripe = stripeEmulatorClient(baseURL ?? '');
    const { email, userId } = await startSignedIn(page, request, 'payment-paypal');
    const subscription = await createIncompleteSubscription(stripe, email, ['card', 'paypal'], userId);

    await page.goto(paymentPagePath(subscription, 999));
    const frame = paymentFrame(page);
    // Spec order: paypal, apple_pay, google_pay, card, link; wallets and Link are unavailable here.
    await expect(frame.getByRole('tab')).toHaveText(['PayPal', 'Card']);
    await expect(frame.getByRole('tab', { name: 'PayPal' })).toHaveAttribute('aria-selected', 'true');
    // Arrow keys move between the tabs, as in Stripe's element.
    await frame.getByRole('tab', { name: 'PayPal' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(frame.getByRole('tab', { name: 'Card' })).toBeFocused();
    await expect(frame.getByLabel('Card number')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(frame.getByRole('tab', { name: 'PayPal' })).toHaveAttribute('aria-selected', 'true');

    await pay(page);
    await expect(page.getByRole('heading', { name: 'PayPal' })).toBeVisible();
    await page.getByRole('button', { name: 'Decline payment' }).click();
    await expect.poll(() => pathOf(page)).toBe('/checkout/payment');
    await expect(appMessage(page)).toHaveText(localeText('en', 'checkout', 'payment.errors.paymentFailed'));

    // The approval page reads the PaymentIntent (its return address) before its buttons can act: held
    // here, they stay disabled, so no click is lost on a button without its listener (the cause of a
    // time-out on a loaded machine, when the click came before that read).
    let releaseApproval = () => {};
    const approvalHeld = new Promise<void>((resolve) => (releaseApproval = resolve));
    await page.route(`**/v1/payment_intents/${subscription.paymentIntentId}?*`, async (route) => {
      if (!route.request().frame().url().includes('/_stripe-js/paypal-approval.html')) return route.fallback();
      await approvalHeld;
      return route.continue();
    });
    await pay(page);
    const approve = page.getByRole('button', { name: 'Approve payment' });
    await expect(page.getByRole('status')).toHaveText('Loading the payment…');
    await expect(approve).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Decline payment' })).toBeDisabled();
    releaseApproval();
    await expect(approve).toBeFocused();
    const completion = completionRequest(page);
    await approve.click();
    expect(new URL((await completion).url()).searchParams.get('redirect_status')).toBe('succeeded');
    await expect.poll(() => pathOf(page), { timeout: completionTimeoutMs }).toBe('/account/subscription');
    expect((await stripe.paymentIntents.retrieve(subscription.paymentIntentId)).status).toBe('succeeded');
  });
});
