import { expect, test } from '@playwright/test';
import { pathOf } from './support/funnel-walker';

test('preparing keeps the query string on its way to checkout (ad parameters must survive every hop)', async ({ page }) => {
  // The page clock holds the root spinner and the 7 s wait, so the test never sleeps.
  await page.clock.install();
  await page.goto('/sign-up/preparing?utm_source=ad&fbclid=Click-7');
  await page.clock.runFor(1_000);
  await expect(page.getByRole('heading', { name: "We're creating your plan..." })).toBeVisible();
  await page.clock.runFor(7_000);
  await expect.poll(() => pathOf(page)).toBe('/checkout/plans');
  expect(new URL(page.url()).search).toBe('?utm_source=ad&fbclid=Click-7');
});
