import { expect, test, type Page } from '@playwright/test';
import { createAccount, grantSubscription, inDays, localeText, signInThroughTheForm, uniqueEmail } from './support/account-stack';
import { pathOf } from './support/funnel-walker';

/**
 * The account area and the help centre carry the brand header and their own tabs (issue 30, section 3):
 * signed in, Subscription, Help centre and Sign out; signed out, Sign in and Help centre. The page the
 * visitor is on is marked for screen readers (aria-current), on a phone, in English and German.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const nav = (page: Page) => page.getByRole('navigation', { name: localeText('en', 'common', 'accountNav.label') });
const current = (page: Page) => nav(page).locator('[aria-current="page"]');

test.describe('in English', () => {
  test.use({ locale: 'en-GB' });

  test('signed out, signed in, across the help centre, signed out again: the tabs follow', async ({ page, request }) => {
    const email = uniqueEmail('account-nav');
    const password = 'account-nav-password';
    await createAccount(request, email, password);
    // A subscriber: signing in leads to the account (a visitor without one goes on to the plans).
    await grantSubscription(request, email, { store: 'app_store', product_id: 'premium_yearly', purchase_date: inDays(-10), expires_date: inDays(355) });

    await page.goto('/help-center');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(nav(page).getByRole('link')).toHaveText(['Sign in', 'Help centre']);
    await expect(nav(page).getByRole('button')).toHaveCount(0);
    await expect(current(page)).toHaveText('Help centre');

    await nav(page).getByRole('link', { name: 'Sign in' }).click();
    await expect.poll(() => pathOf(page)).toBe('/account/sign-in');
    await expect(current(page)).toHaveText('Sign in');
    await signInThroughTheForm(page, email, password);
    await expect.poll(() => pathOf(page)).toBe('/account/subscription');
    await expect(nav(page).getByRole('link')).toHaveText(['Subscription', 'Help centre']);
    await expect(nav(page).getByRole('button')).toHaveText('Sign out');
    await expect(current(page)).toHaveText('Subscription');
    // One way to sign out on the page: the tab.
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(1);

    await nav(page).getByRole('link', { name: 'Help centre' }).click();
    await expect.poll(() => pathOf(page)).toBe('/help-center');
    await expect(current(page)).toHaveText('Help centre');
    await page.getByRole('link', { name: /Cancel subscription/ }).click();
    await expect.poll(() => pathOf(page)).toBe('/help-center/cancelation');
    await expect(nav(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
    // No tab is "current" below the help centre's index: its tab is a way back to the three choices.
    await expect(current(page)).toHaveCount(0);

    await nav(page).getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => pathOf(page)).toBe('/account/sign-in');
    await expect(nav(page).getByRole('link')).toHaveText(['Sign in', 'Help centre']);
    expect(await page.evaluate(() => window.localStorage.getItem('sb-localhost-auth-token'))).toBeNull();
  });

  test('the tabs are reached with the keyboard, after the header', async ({ page }) => {
    await page.goto('/help-center');
    await expect(current(page)).toHaveText('Help centre');
    const focused = () => page.evaluate(() => ({ inNav: document.activeElement?.closest('nav') !== null, inHeader: document.activeElement?.closest('header') !== null, text: document.activeElement?.textContent ?? '' }));
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      const { inNav, inHeader, text } = await focused();
      order.push(inHeader ? 'header' : inNav ? text : 'page');
    }
    // The header's controls first, then the two tabs in reading order, then the page.
    expect(order.filter((place, index) => place !== order[index - 1])).toEqual(['header', 'Sign in', 'Help centre', 'page']);
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the tabs speak the visitor language', async ({ page, request }) => {
    const email = uniqueEmail('account-nav-de');
    const password = 'account-nav-de-password';
    await createAccount(request, email, password);
    await grantSubscription(request, email, { store: 'app_store', product_id: 'premium_yearly', purchase_date: inDays(-10), expires_date: inDays(355) });
    await page.goto('/account/sign-in');
    const de = (key: string) => localeText('de', 'common', key);
    const germanNav = page.getByRole('navigation', { name: de('accountNav.label') });
    await expect(germanNav.getByRole('link')).toHaveText([de('accountNav.signIn'), de('helpCentre')]);
    await page.getByRole('textbox', { name: localeText('de', 'account', 'signIn.email') }).fill(email);
    await page.getByLabel(localeText('de', 'account', 'signIn.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: localeText('de', 'account', 'signIn.submit') }).click();
    await expect.poll(() => pathOf(page)).toBe('/account/subscription');
    await expect(germanNav.getByRole('link')).toHaveText([de('accountNav.subscription'), de('helpCentre')]);
    await expect(germanNav.getByRole('button')).toHaveText(de('accountNav.signOut'));
  });
});
