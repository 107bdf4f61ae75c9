import { expect, test } from '@playwright/test';
import { axeFindings } from '../a11y/axe-report';
import { localeText, mailSubjectsTo } from './support/account-stack';
import { becomeVisitorOf, pathOf } from './support/funnel-walker';
import { subscriberWith } from './support/help-centre-stack';
import { stripeEmulatorClient } from './support/stripe-emulator-client';

/**
 * "Cancel contracts here" without signing in (BGB § 312k) through the real UI on a phone: reached from
 * the footer of a funnel step and of the help centre, one field and one button, the confirmation on
 * screen and by e-mail; an unknown address gets the same confirmation and no e-mail.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const text = (language: 'en' | 'de', key: string, values: Record<string, string> = {}): string =>
  Object.entries(values).reduce((result, [name, value]) => result.replace(`{{${name}}}`, value), localeText(language, 'help-centre', key));

test('every flow\'s first step ends in the footer link, above its background art, and it leads to the page', async ({ page, context, baseURL }) => {
  for (const flow of ['default', 'v1', 'v2']) {
    await context.clearCookies();
    await becomeVisitorOf(context, baseURL ?? '', flow);
    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A click lands on the element on top at that point: the art would take it if it covered the link.
    await page.getByRole('contentinfo').getByRole('link', { name: localeText('en', 'common', 'footer.cancelContracts') }).click();
    await expect.poll(() => pathOf(page), { message: flow }).toBe('/help-center/cancel-contracts');
  }
});

test('in English from a funnel step\'s footer: the subscription stops renewing, confirmed on screen and by e-mail', async ({ page, request, baseURL }) => {
  const stripe = stripeEmulatorClient(baseURL ?? '');
  const subscriber = await subscriberWith(request, stripe, 'cancel-no-sign-in', { web: 'recent' });
  await page.goto('/onboarding/gender');
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: localeText('en', 'common', 'footer.cancelContracts') });
  await footerLink.click();
  await expect.poll(() => pathOf(page)).toBe('/help-center/cancel-contracts');
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'cancelContracts.heading') })).toBeVisible();
  expect((await axeFindings(page, 'cancel contracts page')).blocking).toEqual([]);

  // A mistyped address: the message beside the field, gone once the field changes.
  const field = page.getByRole('textbox', { name: text('en', 'cancelContracts.email') });
  await field.fill('not-an-address');
  await page.getByRole('button', { name: text('en', 'cancelContracts.button') }).click();
  await expect(field).toHaveAccessibleDescription(text('en', 'cancelContracts.invalidEmail'));
  await expect(field).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('cancel-contracts-en-invalid.png') });
  await field.fill(subscriber.email.toUpperCase());
  await expect(page.getByText(text('en', 'cancelContracts.invalidEmail'))).toHaveCount(0);
  await page.getByRole('button', { name: text('en', 'cancelContracts.button') }).click();

  const heading = page.getByRole('heading', { level: 1, name: text('en', 'cancelContracts.receivedHeading') });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('main')).toContainText(new RegExp(`We received your cancellation on .+\\. If ${subscriber.email.toUpperCase().replaceAll('.', '\\.')} belongs to an account`));
  expect((await axeFindings(page, 'cancel contracts confirmation')).blocking).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('cancel-contracts-en-received.png') });

  const [subscription] = (await stripe.subscriptions.list({ status: 'all', limit: 100 })).data.filter((candidate) => candidate.metadata.user_id === subscriber.userId);
  expect(subscription?.cancel_at_period_end).toBe(true);
  await expect.poll(() => mailSubjectsTo(request, subscriber.email)).toContain('Your cancellation is confirmed');
});

test('in German from the help centre\'s footer: an unknown address gets the same confirmation, and no e-mail is sent', async ({ page, request }) => {
  await page.goto('/help-center?lng=de');
  await page.getByRole('contentinfo').getByRole('link', { name: localeText('de', 'common', 'footer.cancelContracts') }).click();
  await expect(page.getByRole('heading', { level: 1, name: text('de', 'cancelContracts.heading') })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('cancel-contracts-de.png') });
  const unknown = `niemand-${Date.now()}@example.com`;
  await page.getByRole('textbox', { name: text('de', 'cancelContracts.email') }).fill(unknown);
  await page.getByRole('button', { name: text('de', 'cancelContracts.button') }).click();
  await expect(page.getByRole('heading', { level: 1, name: text('de', 'cancelContracts.receivedHeading') })).toBeFocused();
  await expect(page.getByRole('main')).toContainText(/Wir haben deine Kündigung am .+ erhalten\./);
  expect((await axeFindings(page, 'cancel contracts confirmation, German')).blocking).toEqual([]);
  // Nothing goes to an address without an account (the function answers after sending, so one would be there).
  expect(await mailSubjectsTo(request, unknown)).toEqual([]);
});
