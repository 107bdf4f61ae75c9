import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { axeFindings } from '../a11y/axe-report';
import { localeText } from './support/account-stack';
import { pathOf } from './support/funnel-walker';
import { startSignedIn } from './support/signed-in-session';
import { createIncompleteSubscription, missingEmulatorRoutes, missingPaypal, paymentPagePath, stripeEmulatorClient } from './support/stripe-emulator-client';

/**
 * The payment page through the unmodified @stripe/react-stripe-js over the Stripe.js sandbox and the
 * stack's Stripe emulator. Subscriptions (and so PaymentIntents) are created with the `stripe` SDK, as
 * create-stripe-subscription does; outcomes are read back with the SDK. One page per PaymentIntent:
 * each test walks several cards on the same page.
 */

const paymentFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Secure payment input frame"]');
const challengeFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="3D Secure authentication"]');
const payButton = (page: Page) => page.getByRole('button', { name: /^Pay/ });
/** The same button whatever it says ("Pay €2.99", "Processing…"). */
const submitButton = (page: Page) => page.locator('main form').getByRole('button');
const appMessage = (page: Page) => page.locator('main').getByRole('alert');

async function fillCard(frame: FrameLocator, card: { number?: string; expiry?: string; cvc?: string; zip?: string }): Promise<void> {
  if (card.number !== undefined) await frame.getByLabel('Card number').fill(card.number);
  if (card.expiry !== undefined) await frame.getByLabel('Expiration date').fill(card.expiry);
  if (card.cvc !== undefined) await frame.getByLabel('Security code').fill(card.cvc);
  if (card.zip !== undefined) await frame.getByLabel('ZIP').fill(card.zip);
}

/** Skips (saying why, in the output) while the emulator lacks the routes a payment needs. */
async function skipWithoutEmulatorRoutes(stripe: ReturnType<typeof stripeEmulatorClient>): Promise<void> {
  const missing = await missingEmulatorRoutes(stripe);
  if (missing) console.log(`skipped: ${test.info().title}: ${missing}`);
  test.skip(missing !== undefined, missing);
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
    await skipWithoutEmulatorRoutes(stripe);
    const { email } = await startSignedIn(page, request, 'payment-cards');
    const subscription = await createIncompleteSubscription(stripe, email);
    await page.goto(paymentPagePath(subscription, 999));

    await expect(page.getByRole('heading', { level: 1, name: localeText('en', 'checkout', 'payment.heading') })).toBeVisible();
    await expect(page.getByText(localeText('en', 'checkout', 'payment.securePayment'))).toBeVisible();
    await expect(page.getByRole('heading', { name: localeText('en', 'checkout', 'payment.moneyBackTitle') })).toBeVisible();
    await expect(page.getByText('Weekly plan')).toBeVisible();
    const frame = paymentFrame(page);
    await expect(frame.getByLabel('Card number')).toBeVisible();
    await expect(payButton(page)).toBeEnabled();
    // Only card is on this PaymentIntent: no tabs, and wallets never show in this browser.
    await expect(frame.getByRole('tab')).toHaveCount(0);
    // The visitor's language is en-US: the country is the US and the postal code is a ZIP.
    await expect(frame.getByLabel('Country')).toHaveValue('US');
    expect((await axeFindings(page, 'payment page')).blocking).toEqual([]);

    // Nothing typed: every field says what is missing; the app shows the first, as Stripe.js returns it.
    await payButton(page).click();
    await expect(appMessage(page)).toHaveText('Your card number is incomplete.');
    await expect(frame.getByText("Your card's expiration date is incomplete.")).toBeVisible();
    await expect(frame.getByText("Your card's security code is incomplete.")).toBeVisible();
    await expect(frame.getByText('Your ZIP is incomplete.')).toBeVisible();
    await expect(frame.getByLabel('Card number')).toBeFocused();
    await expect(frame.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');

    await fillCard(frame, { number: '4242 4242 4242 4242', expiry: '12 / 3', cvc: '123', zip: '10001' });
    await payButton(page).click();
    await expect(appMessage(page)).toHaveText("Your card's expiration date is incomplete.");
    await fillCard(frame, { expiry: '12 / 34', cvc: '12' });
    await payButton(page).click();
    await expect(appMessage(page)).toHaveText("Your card's security code is incomplete.");
    await fillCard(frame, { cvc: '123', zip: '100' });
    await payButton(page).click();
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
    await payButton(page).click();
    await expect(appMessage(page)).toHaveText('Your card was declined.');
    expect((await stripe.paymentIntents.retrieve(subscription.paymentIntentId)).last_payment_error?.decline_code).toBe('generic_decline');

    await fillCard(frame, { number: '4000 0000 0000 9995' });
    await payButton(page).click();
    await expect(appMessage(page)).toHaveText('Your card has insufficient funds.');
    expect((await stripe.paymentIntents.retrieve(subscription.paymentIntentId)).last_payment_error?.decline_code).toBe('insufficient_funds');

    // 3-D Secure, failed: the challenge closes, the page says the payment failed.
    await fillCard(frame, { number: '4000 0025 0000 3155' });
    await payButton(page).click();
    await expect(page.getByRole('dialog', { name: '3D Secure authentication' })).toBeVisible();
    // Modal: the page behind is out of reach of keyboard and screen reader until the challenge answers.
    await expect(page.locator('#root')).toHaveJSProperty('inert', true);
    await challengeFrame(page).getByRole('button', { name: 'Fail authentication' }).click();
    await expect(page.locator('#root')).toHaveJSProperty('inert', false);
    await expect(page.getByRole('dialog', { name: '3D Secure authentication' })).toBeHidden();
    await expect(appMessage(page)).toHaveText(localeText('en', 'checkout', 'payment.errors.paymentFailed'));
    const failed = await stripe.paymentIntents.retrieve(subscription.paymentIntentId);
    expect([failed.status, failed.last_payment_error?.code]).toEqual(['requires_payment_method', 'payment_intent_authentication_failure']);

    // 3-D Secure, completed: the provider sends the visitor to the completion page, which finds it paid.
    await payButton(page).click();
    const completion = completionRequest(page);
    await challengeFrame(page).getByRole('button', { name: 'Complete authentication' }).click();
    const returned = new URL((await completion).url()).searchParams;
    expect(returned.get('redirect_status')).toBe('succeeded');
    await expect.poll(() => pathOf(page)).toBe('/account/subscription');
    expect((await stripe.paymentIntents.retrieve(subscription.paymentIntentId)).status).toBe('succeeded');
  });

  test('4242 pays: the provider returns with payment_intent, its client secret and redirect_status; completion trusts only the PaymentIntent', async ({ page, request, baseURL }) => {
    const stripe = stripeEmulatorClient(baseURL ?? '');
    await skipWithoutEmulatorRoutes(stripe);
    const { email } = await startSignedIn(page, request, 'payment-success');
    const unpaid = await createIncompleteSubscription(stripe, email);
    const subscription = await createIncompleteSubscription(stripe, email);

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

    await page.goto(paymentPagePath(subscription, 999));
    await fillCard(paymentFrame(page), { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', zip: '10001' });
    // The return is answered 204 once, so the page stays: the form is still submitting (the redirect
    // never settles confirmPayment) until the page is shown again.
    await page.route('**/checkout/payment-completion?*', (route) => route.fulfill({ status: 204 }), { times: 1 });
    const completion = completionRequest(page);
    await payButton(page).click();
    const completionUrl = (await completion).url();
    await expect(submitButton(page)).toBeDisabled();
    await expect(submitButton(page)).toHaveText('Processing…');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(submitButton(page)).toBeEnabled();
    await expect(submitButton(page)).toHaveText(/^Pay/);
    await page.goto(completionUrl);
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
    await expect.poll(() => pathOf(page)).toBe('/account/subscription');
    expect((await stripe.paymentIntents.retrieve(subscription.paymentIntentId)).status).toBe('succeeded');
  });

  test('PayPal first in the tabs; declined on its approval page it comes back failed, approved it pays', async ({ page, request, baseURL }) => {
    const stripe = stripeEmulatorClient(baseURL ?? '');
    await skipWithoutEmulatorRoutes(stripe);
    const { email } = await startSignedIn(page, request, 'payment-paypal');
    const subscription = await createIncompleteSubscription(stripe, email, ['card', 'paypal']);
    const noPaypal = await missingPaypal(stripe, email);
    if (noPaypal) console.log(`skipped: ${test.info().title}: ${noPaypal}`);
    test.skip(noPaypal !== undefined, noPaypal);

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

    await payButton(page).click();
    await expect(page.getByRole('heading', { name: 'PayPal' })).toBeVisible();
    await page.getByRole('button', { name: 'Decline payment' }).click();
    await expect.poll(() => pathOf(page)).toBe('/checkout/payment');
    await expect(appMessage(page)).toHaveText(localeText('en', 'checkout', 'payment.errors.paymentFailed'));

    await payButton(page).click();
    const completion = completionRequest(page);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    expect(new URL((await completion).url()).searchParams.get('redirect_status')).toBe('succeeded');
    await expect.poll(() => pathOf(page)).toBe('/account/subscription');
    expect((await stripe.paymentIntents.retrieve(subscription.paymentIntentId)).status).toBe('succeeded');
  });
});
