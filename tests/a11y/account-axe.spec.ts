import { expect, test, type Page } from '@playwright/test';
import { createAccount, grantSubscription, inDays, uniqueEmail } from '../e2e/support/account-stack';
import { axeFindings, formatFindings } from './axe-report';

/**
 * axe (WCAG A/AA, colour contrast included) on the account area's and the help centre's pages with their
 * navigation (issue 30, section 3), signed out and signed in, on a phone, in English and in Arabic
 * (right to left).
 */
test.use({ viewport: { width: 390, height: 844 } });

const pages = {
  signedOut: ['/help-center', '/account/sign-in', '/account/forgot-password'],
  signedIn: ['/account/subscription', '/help-center', '/help-center/cancelation', '/help-center/refund'],
} as const;

async function checkedPages(page: Page, paths: readonly string[], language: string): Promise<string[]> {
  const blocking: string[] = [];
  for (const path of paths) {
    await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${language}`);
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const findings = formatFindings((await axeFindings(page, `${path} (${language})`)).blocking);
    if (findings !== '') blocking.push(findings);
  }
  return blocking;
}

for (const language of ['en', 'ar']) {
  test(`account and help-centre pages with their navigation pass axe (${language})`, async ({ page, request }) => {
    expect(await checkedPages(page, pages.signedOut, language)).toEqual([]);
    const email = uniqueEmail(`axe-account-${language}`);
    const password = 'axe-account-password';
    await createAccount(request, email, password);
    await grantSubscription(request, email, { store: 'app_store', product_id: 'premium_yearly', purchase_date: inDays(-10), expires_date: inDays(355) });
    await page.goto(`/account/sign-in?lng=${language}`);
    await page.locator('input[type="email"]').fill(email);
    await page.locator('input[type="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account\/subscription/);
    expect(await checkedPages(page, pages.signedIn, language)).toEqual([]);
  });
}
