import { expect, test, type Page } from '@playwright/test';
import { createAccount, grantSubscription, localeText, signInThroughTheForm, uniqueEmail } from './support/account-stack';
import { pathOf } from './support/funnel-walker';

// Noon UTC, so the calendar day is the same in any time zone the browser runs in.
const appStore = { purchase: '2025-03-01T12:00:00Z', expires: '2030-03-01T12:00:00Z' };
const playStore = { purchase: '2025-07-15T12:00:00Z', expires: '2030-07-15T12:00:00Z', unsubscribed: '2025-08-01T12:00:00Z' };

/** A signed-in subscriber with an active App Store and a canceled Play Store subscription. */
async function subscriberWithTwoStores(page: Page, request: Parameters<typeof createAccount>[0]): Promise<string> {
  const email = uniqueEmail('two-stores');
  await createAccount(request, email, 'two-stores-pw');
  await grantSubscription(request, email, { store: 'app_store', product_id: 'premium_yearly_ios', purchase_date: appStore.purchase, expires_date: appStore.expires });
  await grantSubscription(request, email, {
    store: 'play_store',
    product_id: 'premium_yearly_android',
    purchase_date: playStore.purchase,
    expires_date: playStore.expires,
    unsubscribe_detected_at: playStore.unsubscribed,
  });
  await page.goto('/account/sign-in');
  await signInThroughTheForm(page, email, 'two-stores-pw');
  await expect.poll(() => pathOf(page)).toBe('/account/subscription');
  return email;
}

const longDate = (language: string, iso: string): string => new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

test.describe('the subscriptions dialog', () => {
  test('en: stores, statuses, dates, the count warning, the help-centre link; Escape closes and focus returns', async ({ page, request }) => {
    await subscriberWithTwoStores(page, request);
    await expect(page.getByRole('group', { name: localeText('en', 'store-badges', 'group') })).toBeVisible();

    const opener = page.getByRole('button', { name: 'View your subscriptions' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Your subscriptions' });
    await expect(dialog).toBeVisible();

    const rows = dialog.getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toHaveText(['Store', 'Status', 'Purchase date', 'Expiry date'].join(''));
    await expect(rows.nth(1).getByRole('cell')).toHaveText(['App Store', 'active', longDate('en', appStore.purchase), longDate('en', appStore.expires)]);
    await expect(rows.nth(2).getByRole('cell')).toHaveText(['Google Play', 'cancelled', longDate('en', playStore.purchase), longDate('en', playStore.expires)]);
    expect(longDate('en', appStore.purchase)).toBe('March 1, 2025');
    await expect(dialog.getByText('You have 2 subscriptions.', { exact: false })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Help centre' })).toHaveAttribute('href', '/help-center');

    // Focus is trapped in the dialog: tabbing around never reaches the page behind it.
    for (let press = 0; press < 6; press++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null || document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // The close (X) button closes it too.
    await opener.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // The help-centre link leads to the help centre.
    await opener.click();
    await dialog.getByRole('link', { name: 'Help centre' }).click();
    await expect(page).toHaveURL(/\/help-center$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
  });

  test('de: dates in German, store names as words', async ({ page, request }) => {
    await subscriberWithTwoStores(page, request);
    await page.goto('/account/subscription?lng=de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByRole('button', { name: localeText('de', 'account', 'subscription.viewSubscriptions') }).click();
    const dialog = page.getByRole('dialog', { name: localeText('de', 'account', 'subscriptionsDialog.title') });
    await expect(dialog).toBeVisible();
    const rows = dialog.getByRole('row');
    await expect(rows.nth(1).getByRole('cell').nth(0)).toHaveText('App Store');
    await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText(longDate('de', appStore.purchase));
    await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText(longDate('de', appStore.expires));
    await expect(rows.nth(2).getByRole('cell').nth(0)).toHaveText('Google Play');
    await expect(rows.nth(2).getByRole('cell').nth(2)).toHaveText(longDate('de', playStore.purchase));
    expect(longDate('de', appStore.purchase)).toBe('1. März 2025');
  });

  test('no subscriptions: no link to the dialog', async ({ page, request }) => {
    const email = uniqueEmail('no-subs');
    await createAccount(request, email, 'no-subs-pw');
    await page.goto('/account/sign-in?path=%2Faccount%2Fsubscription');
    await signInThroughTheForm(page, email, 'no-subs-pw');
    await expect.poll(() => pathOf(page)).toBe('/account/subscription');
    await expect(page.getByRole('heading', { name: 'Your subscription' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View your subscriptions' })).toHaveCount(0);
  });
});
