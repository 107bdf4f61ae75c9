import type { FrameLocator, Page } from '@playwright/test';

/** The Payment Element's iframe (the Stripe.js sandbox names it as Stripe.js does). */
export const paymentFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Secure payment input frame"]');
export const payButton = (page: Page) => page.getByRole('button', { name: /^Pay/ });
/** The consent box before Pay (config/consumer-rules.yaml; the local stack's default country, DE, asks for it). */
export const consentBox = (page: Page) => page.getByRole('main').getByRole('checkbox');

/** Pays as a visitor does: ticks the consent box where the page asks for it, then Pay. */
export async function pay(page: Page): Promise<void> {
  if ((await consentBox(page).count()) > 0) await consentBox(page).check();
  await payButton(page).click();
}

/**
 * How long a test waits from Pay to the account page: confirming, then recording the purchase (four
 * functions in turn) is a chain of server round trips that takes more than 10 s on two loaded cores.
 */
export const completionTimeoutMs = 45_000;

/** Types into the card fields that are given, as a visitor would. */
export async function fillCard(frame: FrameLocator, card: { number?: string; expiry?: string; cvc?: string; zip?: string }): Promise<void> {
  if (card.number !== undefined) await frame.getByLabel('Card number').fill(card.number);
  if (card.expiry !== undefined) await frame.getByLabel('Expiration date').fill(card.expiry);
  if (card.cvc !== undefined) await frame.getByLabel('Security code').fill(card.cvc);
  if (card.zip !== undefined) await frame.getByLabel('ZIP').fill(card.zip);
}
