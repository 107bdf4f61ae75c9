import { expect, test } from '@playwright/test';
import { pathOf } from './support/funnel-walker';
import { startSignedIn } from './support/signed-in-session';

test.describe('the payment page', () => {
  test('needs a signed-in user: sign-in comes back to the same payment page', async ({ page }) => {
    await page.goto('/checkout/payment?client_secret=pi_1_secret_2&currency=eur');
    await expect.poll(() => pathOf(page)).toBe('/account/sign-in');
    expect(new URL(page.url()).searchParams.get('path')).toBe('/checkout/payment?client_secret=pi_1_secret_2&currency=eur');
  });

  test('without a client secret sends the visitor to the plans', async ({ page, request }) => {
    await startSignedIn(page, request, 'payment-no-secret');
    await page.goto('/checkout/payment?currency=eur&plan=weekly');
    await expect.poll(() => pathOf(page)).toBe('/checkout/plans');
  });
});
