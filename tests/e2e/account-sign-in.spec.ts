import { expect, test, type Page } from '@playwright/test';
import { createAccount, grantSubscription, inDays, signInThroughTheForm, uniqueEmail } from './support/account-stack';
import { pathOf } from './support/funnel-walker';

type Status = 'active' | 'inactive' | 'none';

/** An account whose receipt-service status is `status` (granted through the dev endpoint). */
async function accountWith(request: Parameters<typeof createAccount>[0], status: Status): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(`status-${status}`);
  const password = 'correct horse';
  await createAccount(request, email, password);
  if (status === 'active') await grantSubscription(request, email, { store: 'app_store', product_id: 'premium_yearly', purchase_date: inDays(-10), expires_date: inDays(355) });
  if (status === 'inactive') await grantSubscription(request, email, { store: 'play_store', product_id: 'premium_weekly', purchase_date: inDays(-30), expires_date: inDays(-23) });
  return { email, password };
}

/** Counts the app's subscriber lookups (sign-in action, funnel-entry check) on the receipt service. */
function countSubscriberLookups(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/revenuecat\/v1\/subscribers\//.test(request.url())) count += 1;
  });
  return () => count;
}

test.describe('sign-in redirects by subscription status', () => {
  const expected: Record<Status, string> = { active: '/account/subscription', inactive: '/checkout/plans', none: '/checkout/plans' };

  for (const status of ['active', 'inactive', 'none'] as const) {
    test(`${status}: without path by status, with path to the path`, async ({ page, request }) => {
      const { email, password } = await accountWith(request, status);
      const lookups = countSubscriberLookups(page);

      await page.goto('/account/sign-in');
      await signInThroughTheForm(page, email, password);
      await expect.poll(() => pathOf(page)).toBe(expected[status]);
      // The sign-in action looks the status up once; the page it leads to looks again (the account
      // page, or the plans, which send active subscribers away). none goes to "/", which leads into
      // the funnel, whose entry check sends a signed-in visitor without an active subscription to
      // checkout: its extra lookup proves that route was taken, where inactive went to checkout directly.
      if (status === 'none') await expect.poll(lookups).toBeGreaterThanOrEqual(3);
      else await expect.poll(lookups).toBe(2);
      // After login the customer e-mail was set with the receipt service.
      const subscriber: { subscriber: { subscriber_attributes: Record<string, { value: string }> } } = await (
        await request.get(`/revenuecat/v1/subscribers/${await userIdOf(page)}`, { headers: { Authorization: 'Bearer rcb_local_revenuecat_public' } })
      ).json();
      expect(subscriber.subscriber.subscriber_attributes.$email?.value).toBe(email);

      // Sign out from the account area (active) or clear the session, then sign in with a path.
      await signOut(page);
      // A path the status would not choose (the plans send an active subscriber to the account page).
      const target = status === 'active' ? '/help-center' : '/account/subscription';
      await page.goto(`/account/sign-in?path=${encodeURIComponent(target)}`);
      await signInThroughTheForm(page, email, password);
      await expect.poll(() => pathOf(page)).toBe(target);
    });
  }

  test('a path to another site is ignored (no open redirect)', async ({ page, request }) => {
    const { email, password } = await accountWith(request, 'active');
    await page.goto(`/account/sign-in?path=${encodeURIComponent('https://evil.example/phish')}`);
    await signInThroughTheForm(page, email, password);
    await expect.poll(() => page.url()).toMatch(/^http:\/\/localhost:\d+\/account\/subscription$/);
  });
});

test.describe('the sign-in form', () => {
  test('shows the error under the heading; fields and button are disabled while submitting; password toggle', async ({ page, request }) => {
    const { email } = await accountWith(request, 'none');
    await page.goto('/account/sign-in');
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/account/forgot-password');
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/onboarding');

    const passwordField = page.getByLabel('Password', { exact: true });
    await passwordField.fill('wrong password');
    await expect(passwordField).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(passwordField).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(passwordField).toHaveAttribute('type', 'password');

    // Hold the login request so the submitting state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/auth/v1/token?grant_type=password', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    await expect(passwordField).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    release();

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('The email or password is incorrect.');
    // Under the heading: it follows the h1 in the page.
    expect(await alert.evaluate((element) => element.previousElementSibling?.tagName)).toBe('H1');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(pathOf(page)).toBe('/account/sign-in');
  });

  test('/account and the subscription page need a session: sign-in with path brings the visitor back', async ({ page, request }) => {
    const { email, password } = await accountWith(request, 'inactive');
    await page.goto('/account');
    await expect.poll(() => page.url()).toContain('/account/sign-in?path=%2Faccount%2Fsubscription');
    await signInThroughTheForm(page, email, password);
    await expect.poll(() => pathOf(page)).toBe('/account/subscription');
    await expect(page.getByText(`Sign in to the app with your email address ${email}`)).toBeVisible();
    await expect(page.getByText('No new subscription can be bought here.')).toBeVisible();
  });

  test('the funnel entry sends signed-in visitors to their account (active) or to checkout (otherwise)', async ({ page, request }) => {
    for (const [status, target] of [['active', '/account/subscription'], ['inactive', '/checkout/plans']] as const) {
      const { email, password } = await accountWith(request, status);
      await page.goto('/account/sign-in?path=%2Faccount%2Fsubscription');
      await signInThroughTheForm(page, email, password);
      await expect.poll(() => pathOf(page)).toBe('/account/subscription');
      await page.goto('/onboarding');
      await expect.poll(() => pathOf(page)).toBe(target);
      await signOut(page);
    }
    // Signed out: the funnel starts as usual.
    await page.goto('/onboarding');
    await expect.poll(() => pathOf(page)).toMatch(/^\/onboarding\/(v1\/|v2\/)?gender$/);
  });
});

/** Signs out through the account area's button. */
async function signOut(page: Page): Promise<void> {
  await page.goto('/account/subscription');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(() => pathOf(page)).toBe('/account/sign-in');
  expect(await page.evaluate(() => window.localStorage.getItem('sb-localhost-auth-token'))).toBeNull();
}

async function userIdOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('sb-localhost-auth-token'));
  const session: { user: { id: string } } = JSON.parse(raw ?? '{}');
  return session.user.id;
}
