import { expect, test, type Page } from '@playwright/test';
import { axeFindings } from '../a11y/axe-report';
import { localeText, mailText } from './support/account-stack';
import { pathOf } from './support/funnel-walker';
import { oldWebPurchase, signInByStorage, subscriberWith } from './support/help-centre-stack';
import { stripeEmulatorClient } from './support/stripe-emulator-client';

/**
 * The withdrawal function of the help centre (EU Directive 2023/2673) through the real UI on a phone:
 * found from the help centre's first page, confirmed in one more step, refunded in full and ended at
 * once, confirmed on screen and by e-mail with the amount; refused after the 14 days, with the way to
 * cancel instead.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const text = (language: 'en' | 'de', key: string, values: Record<string, string> = {}): string =>
  Object.entries(values).reduce((result, [name, value]) => result.replace(`{{${name}}}`, value), localeText(language, 'help-centre', key));

async function openWithdrawal(page: Page, language: 'en' | 'de'): Promise<void> {
  await page.goto(`/help-center?lng=${language}`);
  await page.getByRole('link', { name: new RegExp(`^${text(language, 'index.withdraw')}`) }).click();
  await expect.poll(() => pathOf(page)).toBe('/help-center/withdrawal');
  await expect(page.getByRole('heading', { level: 1, name: text(language, 'withdrawal.heading') })).toBeVisible();
}

test('in English, inside the 14 days: one more step, then refunded in full, ended, and confirmed on screen and by e-mail', async ({ page, request, baseURL }) => {
  const stripe = stripeEmulatorClient(baseURL ?? '');
  const subscriber = await subscriberWith(request, stripe, 'withdraw-en', { web: 'recent' });
  await signInByStorage(page, request, subscriber);
  await openWithdrawal(page, 'en');
  const contract = page.getByRole('main').getByRole('listitem');
  await expect(contract).toHaveCount(1);
  await expect(contract).toContainText(/You can withdraw until .+ and get €2\.99 back\./);
  expect((await axeFindings(page, 'withdrawal page')).blocking).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('withdrawal-en.png') });

  // The one more step names the consequence; keeping the subscription changes nothing.
  await contract.getByRole('button', { name: text('en', 'withdrawal.button') }).click();
  const question = page.getByRole('heading', { level: 2, name: text('en', 'withdrawal.confirmHeading') });
  await expect(question).toBeFocused();
  await expect(contract).toContainText(text('en', 'withdrawal.confirmText', { amount: '€2.99' }));
  expect((await axeFindings(page, 'withdrawal confirm step')).blocking).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('withdrawal-en-confirm.png') });
  await page.getByRole('button', { name: text('en', 'withdrawal.keep') }).click();
  await expect(question).toHaveCount(0);

  await contract.getByRole('button', { name: text('en', 'withdrawal.button') }).click();
  await page.getByRole('button', { name: text('en', 'withdrawal.confirm') }).click();
  const status = page.getByRole('status');
  await expect(status).toHaveText(text('en', 'withdrawal.done', { email: subscriber.email }));
  await expect(status).toBeFocused();
  await expect(contract).toContainText(/We received your withdrawal on .+\. Everything you paid has been refunded and the subscription has ended\./);
  await page.screenshot({ path: test.info().outputPath('withdrawal-en-done.png') });

  // Stripe: ended now, the payment refunded in full.
  const [subscription] = (await stripe.subscriptions.list({ status: 'all', limit: 100 })).data.filter((candidate) => candidate.metadata.user_id === subscriber.userId);
  expect(subscription?.status).toBe('canceled');
  const mail = await mailText(request, subscriber.email, 'Your withdrawal from the contract is confirmed');
  expect(mail).toMatch(/We received your withdrawal from the contract on .+ UTC\. We refunded €2\.99 in full and your subscription has ended\./);
});

test('in German: after the 14 days the page says when the period ended and offers to cancel; inside them the withdrawal works in German', async ({ page, request, baseURL }) => {
  const stripe = stripeEmulatorClient(baseURL ?? '');
  const subscriber = await subscriberWith(request, stripe, 'withdraw-de', {});
  await oldWebPurchase(stripe, subscriber, 15);
  await oldWebPurchase(stripe, subscriber, 3);
  await signInByStorage(page, request, subscriber);
  await openWithdrawal(page, 'de');
  const contracts = page.getByRole('main').getByRole('listitem');
  const [recent, old] = [contracts.nth(0), contracts.nth(1)];
  await expect(old).toContainText(/Die Widerrufsfrist für diesen Vertrag ist am .+ abgelaufen\./);
  await expect(old.getByRole('button')).toHaveCount(0);
  await expect(old.getByRole('link', { name: text('de', 'withdrawal.cancelInstead') })).toHaveAttribute('href', '/help-center/cancelation');
  expect((await axeFindings(page, 'withdrawal page, German')).blocking).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('withdrawal-de.png') });

  await recent.getByRole('button', { name: text('de', 'withdrawal.button') }).click();
  await page.getByRole('button', { name: text('de', 'withdrawal.confirm') }).click();
  await expect(page.getByRole('status')).toHaveText(text('de', 'withdrawal.done', { email: subscriber.email }));
  await expect(recent).toContainText(/Wir haben deinen Widerruf am .+ erhalten\./);
  const mail = await mailText(request, subscriber.email, 'Ihr Widerruf des Vertrags ist bestätigt');
  expect(mail).toMatch(/Wir haben Ihren Widerruf des Vertrags am .+ UTC erhalten\. Wir haben \d+,\d\d\s€ vollständig erstattet/);
});
