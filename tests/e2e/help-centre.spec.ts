import { expect, test, type Page } from '@playwright/test';
import { localeText, mailText, signInThroughTheForm } from './support/account-stack';
import { pathOf } from './support/funnel-walker';
import { signInByStorage, subscriberWith } from './support/help-centre-stack';
import { completionTimeoutMs, pay } from './support/payment-page';
import { stripeEmulatorClient } from './support/stripe-emulator-client';

// The help centre on the local stack (issue 11, section 3): store subscriptions come from the dev
// grant endpoint, web ones from the payment function and the Stripe SDK; the pages, the choice dialog,
// the functions, Stripe's events and RevenueCat run for real. Rules at their boundaries are unit tests
// (tests/unit/engine), the functions' guarantees server tests (tests/server/help-centre-functions.test.ts).
test.describe.configure({ mode: 'serial' });

const stripeFor = (baseURL: string | undefined) => stripeEmulatorClient(baseURL ?? '');

/** The account's subscriptions dialog: each row's store and status. */
async function dialogRows(page: Page): Promise<string[][]> {
  await page.goto('/account/subscription');
  await page.getByRole('button', { name: 'View your subscriptions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your subscriptions' });
  await expect(dialog).toBeVisible();
  const rows = dialog.getByRole('row');
  const count = await rows.count();
  const cells: string[][] = [];
  for (let index = 1; index < count; index++) cells.push((await rows.nth(index).getByRole('cell').allTextContents()).slice(0, 2));
  return cells.sort();
}

test('signed out -> sign-in and back; web only: cancel, thank you, the dialog shows it canceled, the button is then disabled', async ({ page, request, baseURL }) => {
  const subscriber = await subscriberWith(request, stripeFor(baseURL), 'hc-web-cancel', { web: 'recent' });

  await page.goto('/help-center');
  await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
  const question = page.getByRole('link', { name: /General question or suggestion/ });
  await expect(question).toHaveAttribute('href', 'mailto:support@example.com?subject=Question%20or%20suggestion');
  await page.getByRole('link', { name: /Cancel subscription/ }).click();

  // Signed out: sign-in with the way back, then back on the cancelation page.
  await expect.poll(() => page.url()).toContain('/account/sign-in?path=%2Fhelp-center%2Fcancelation');
  await signInThroughTheForm(page, subscriber.email, subscriber.password);
  await expect.poll(() => pathOf(page)).toBe('/help-center/cancelation');

  const email = page.getByRole('textbox', { name: 'E-mail' });
  await expect(email).toHaveValue(subscriber.email);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Subscription cancellation');
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveAttribute('readonly', '');

  // One store only: no question asked.
  await page.getByRole('button', { name: 'Request cancellation' }).click();
  await expect.poll(() => pathOf(page)).toBe('/help-center/cancelation/completed');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeFocused();
  await expect(page.getByText('Your subscription has been cancelled.', { exact: false })).toBeVisible();

  expect(await dialogRows(page)).toEqual([['Web', 'cancelled']]);
  // The confirmation the customer keeps: when it was received and when the subscription ends.
  expect(await mailText(request, subscriber.email, 'Your cancellation is confirmed')).toMatch(/We received your cancellation on .+ UTC\. Your subscription will not renew and ends on .+\./);

  await page.goto('/help-center/cancelation');
  await expect(page.getByRole('button', { name: 'Request cancellation' })).toBeDisabled();
  await expect(page.getByText('You have no subscription that can be cancelled.')).toBeVisible();
});

test('web, Apple and Google: the dialog offers Web, Apple, Google and All; Apple and Google lead to their pages; All cancels the web one and lists the stores', async ({ page, request, baseURL }) => {
  const subscriber = await subscriberWith(request, stripeFor(baseURL), 'hc-all-cancel', { web: 'recent', appStore: true, playStore: true });
  await signInByStorage(page, request, subscriber);
  await page.goto('/help-center/cancelation');

  const requestButton = page.getByRole('button', { name: 'Request cancellation' });
  const dialog = page.getByRole('dialog', { name: 'Which subscription?' });
  await requestButton.click();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  await expect(dialog.locator('.help-centre__choices').getByRole('button')).toHaveText(['Web', 'Apple', 'Google', 'All']);
  // Closing it changes nothing.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await requestButton.click();
  await dialog.getByRole('button', { name: 'Apple', exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe('/help-center/cancelation/apple');
  await expect(page.getByRole('heading', { level: 1, name: 'Your subscription is with Apple' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open Apple Support' })).toHaveAttribute('href', /^https:\/\/support\.apple\.com\//);
  await page.getByRole('link', { name: 'Back' }).click();

  await requestButton.click();
  await dialog.getByRole('button', { name: 'Google', exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe('/help-center/cancelation/google');
  await expect(page.getByRole('heading', { level: 1, name: 'Your subscription is with Google' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open Google Play Help' })).toHaveAttribute('href', /^https:\/\/support\.google\.com\/googleplay\//);
  await page.getByRole('link', { name: 'Back' }).click();

  await requestButton.click();
  await dialog.getByRole('button', { name: 'All', exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe('/help-center/cancelation/completed');
  await expect(page.getByRole('heading', { level: 1, name: 'Further action needed' })).toBeVisible();
  await expect(page.getByText('Active App Store subscriptions: 1')).toBeVisible();
  await expect(page.getByText('Active Google Play subscriptions: 1')).toBeVisible();
  await expect(page.getByRole('link', { name: 'How to do it with Apple' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'How to do it with Google Play' })).toBeVisible();

  expect(await dialogRows(page)).toEqual([['App Store', 'active'], ['Google Play', 'active'], ['Web', 'cancelled']]);
});

test('Apple only and Google only: the button leads straight to the store page', async ({ page, request, baseURL }) => {
  const apple = await subscriberWith(request, stripeFor(baseURL), 'hc-apple-only', { appStore: true });
  await signInByStorage(page, request, apple);
  await page.goto('/help-center/refund');
  await page.getByRole('button', { name: 'Request refund' }).click();
  await expect.poll(() => pathOf(page)).toBe('/help-center/refund/apple');
  await expect(page.getByText('Only Apple can refund it', { exact: false })).toBeVisible();

  const context = await page.context().browser()?.newContext({ baseURL });
  if (context === undefined) throw new Error('no browser');
  const googlePage = await context.newPage();
  const google = await subscriberWith(request, stripeFor(baseURL), 'hc-google-only', { playStore: true });
  await signInByStorage(googlePage, request, google);
  await googlePage.goto('/help-center/cancelation');
  await googlePage.getByRole('button', { name: 'Request cancellation' }).click();
  await expect.poll(() => pathOf(googlePage)).toBe('/help-center/cancelation/google');
  await expect(googlePage.getByText('Only Google can cancel it', { exact: false })).toBeVisible();
  await context.close();
});

test('a real purchase through checkout, then refund inside the policy: refunded, thank you; the dialog shows it refunded; both buttons then disabled', async ({ page, request, baseURL }) => {
  const subscriber = await subscriberWith(request, stripeFor(baseURL), 'hc-refund', {});
  await signInByStorage(page, request, subscriber);
  // The weekly plan (the default) bought as a visitor does: plans -> payment -> card 4242 -> account.
  await page.goto('/checkout/plans');
  await page.getByRole('button', { name: localeText('en', 'checkout', 'plans.continue') }).first().click();
  await expect.poll(() => pathOf(page)).toBe('/checkout/payment');
  const card = page.frameLocator('iframe[title="Secure payment input frame"]');
  await card.getByRole('tab', { name: 'Card' }).click();
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiration date').fill('12 / 34');
  await card.getByLabel('Security code').fill('123');
  await card.getByLabel('ZIP').fill('10001');
  await pay(page);
  await expect.poll(() => pathOf(page), { timeout: completionTimeoutMs }).toBe('/account/subscription');
  // The receipt of the payment, with what was charged (the weekly intro price, €2.99).
  expect(await mailText(request, subscriber.email, 'Your receipt')).toMatch(/Thank you for your payment of €2\.99 on .+\./);

  await page.goto('/help-center/refund');
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Refund request');
  await page.getByRole('button', { name: 'Request refund' }).click();
  await expect.poll(() => pathOf(page)).toBe('/help-center/refund/completed');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  await expect(page.getByText('Your payment has been refunded', { exact: false })).toBeVisible();

  expect(await dialogRows(page)).toEqual([['Web', 'refunded']]);
  expect(await mailText(request, subscriber.email, 'Your refund is confirmed')).toMatch(/We refunded €2\.99 on .+\. Your subscription has ended\./);

  await page.goto('/help-center/refund');
  await expect(page.getByRole('button', { name: 'Request refund' })).toBeDisabled();
  await page.goto('/help-center/cancelation');
  await expect(page.getByRole('button', { name: 'Request cancellation' })).toBeDisabled();
});

test('refund outside the policy: sorry, canceled but not refunded', async ({ page, request, baseURL }) => {
  const subscriber = await subscriberWith(request, stripeFor(baseURL), 'hc-refund-late', { web: 'outsideRefundWindow' });
  await signInByStorage(page, request, subscriber);
  await page.goto('/help-center/refund');
  await page.getByRole('button', { name: 'Request refund' }).click();
  await expect.poll(() => pathOf(page)).toBe('/help-center/refund/completed');
  await expect(page.getByRole('heading', { level: 1, name: 'Sorry' })).toBeVisible();
  await expect(page.getByText('Sorry, your subscription could not be refunded', { exact: false })).toBeVisible();

  expect(await dialogRows(page)).toEqual([['Web', 'cancelled']]);
});
