import { expect, test } from '@playwright/test';
import { createAccount, grantSubscription, inDays, signInThroughTheForm, uniqueEmail } from './support/account-stack';
import { becomeVisitorOf, pathOf } from './support/funnel-walker';

test.beforeEach(async ({ context, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
});

test('preparing keeps the query string on its way to checkout (ad parameters must survive every hop)', async ({ page }) => {
  // The page clock holds the root spinner and the 7 s wait, so the test never sleeps.
  await page.clock.install();
  await page.goto('/sign-up/preparing?utm_source=ad&fbclid=Click-7');
  await page.clock.runFor(1_000);
  await expect(page.getByRole('heading', { name: "We're creating your plan..." })).toBeVisible();
  await page.clock.runFor(7_000);
  // Checkout needs a signed-in user: sign-in keeps the whole address to come back to.
  await expect.poll(() => pathOf(page)).toBe('/account/sign-in');
  expect(new URL(page.url()).searchParams.get('path')).toBe('/checkout/plans?utm_source=ad&fbclid=Click-7');
});

test('with storage blocked the funnel still runs for the visit, and says answers will not survive a reload', async ({ page }) => {
  // Private-mode Safari and some ad apps' webviews throw on merely reading the storages.
  await page.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get: () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    }
  });
  await page.goto('/onboarding?utm_source=ad');
  await expect(page.getByRole('heading', { name: "What's your gender?" })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(/answers will be lost if you reload/);
  await page.getByRole('button', { name: 'Male', exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
  // The answer is kept in memory: back shows it chosen.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: 'Male', exact: true })).toHaveAttribute('aria-pressed', 'true');
});

test('the error screen is translated and leads back to the start, query string kept', async ({ page }) => {
  await page.goto('/onboarding/not-a-step?lng=ar&utm_source=ad');
  await expect(page.locator('i')).toHaveText('الصفحة غير موجودة');
  // A 404 would only repeat: no "try again", but the way back.
  await expect(page.getByRole('button', { name: 'حاول مرة أخرى' })).toHaveCount(0);
  await page.getByRole('link', { name: 'العودة إلى البداية' }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/gender');
  expect(new URL(page.url()).search).toBe('?lng=ar&utm_source=ad');
});

test.describe('a transient backend failure after sign-in offers a retry, not the error screen', () => {
  test('sign-in status lookup, subscription loader and password-step session lookup recover on retry', async ({ page, request }) => {
    const email = uniqueEmail('retry');
    const password = 'correct horse';
    await createAccount(request, email, password);
    await grantSubscription(request, email, { store: 'app_store', product_id: 'premium_yearly', purchase_date: inDays(-10), expires_date: inDays(355) });
    // The next N subscriber lookups fail on the network, the ones after succeed.
    let failures = 1;
    await page.route(/\/revenuecat\/v1\/subscribers\//, (route) => (failures-- > 0 ? route.abort('failed') : route.continue()));

    await page.goto('/account/sign-in');
    await signInThroughTheForm(page, email, password);
    await expect(page.getByRole('alert')).toHaveText("You're signed in, but we couldn't check your subscription. Please try again.");
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => pathOf(page)).toBe('/account/subscription');
    await expect(page.getByRole('heading', { name: 'Your subscription' })).toBeVisible();

    failures = 1;
    await page.reload();
    await expect(page.getByRole('heading', { name: "We couldn't load this page" })).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Your subscription' })).toBeVisible();

    // An expired access token makes the password step's session lookup refresh it, and the auth server
    // is unreachable until the retry. supabase-js retries a network failure for up to 30 s itself: the
    // page clock runs that out.
    await page.evaluate(() => {
      const key = 'sb-localhost-auth-token';
      const session: unknown = JSON.parse(window.localStorage.getItem(key) ?? '{}');
      if (typeof session === 'object' && session !== null) Reflect.set(session, 'expires_at', Math.floor(Date.now() / 1000) - 60);
      window.localStorage.setItem(key, JSON.stringify(session));
    });
    let authReachable = false;
    await page.route(/\/auth\/v1\/token/, (route) => (authReachable ? route.continue() : route.abort('failed')));
    await page.clock.install();
    await page.goto('/sign-up/password?utm_source=ad');
    const retryHeading = page.getByRole('heading', { name: "We couldn't load this page" });
    // Each poll moves the page clock a second while the retry screen is not there: the wait ends on the
    // page's state, however slowly a loaded machine renders it, never after a fixed number of ticks.
    const runClockUntil = async (done: () => Promise<boolean> | boolean): Promise<boolean> => {
      if (await done()) return true;
      await page.clock.runFor(1_000);
      return done();
    };
    await expect.poll(() => runClockUntil(() => retryHeading.isVisible()), { timeout: 30_000, intervals: [50] }).toBe(true);
    authReachable = true;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => runClockUntil(() => pathOf(page) === '/sign-up/preparing'), { timeout: 30_000, intervals: [50] }).toBe(true);
    expect(new URL(page.url()).search).toBe('?utm_source=ad');
  });
});
