import { expect, test, type Locator } from '@playwright/test';
import { localeText } from './support/account-stack';
import { pathOf } from './support/funnel-walker';
import { fillCard, pay, paymentFrame } from './support/payment-page';
import { startSignedIn } from './support/signed-in-session';
import { createIncompleteSubscription, paymentPagePath, stripeEmulatorClient } from './support/stripe-emulator-client';

/**
 * One rule for every field message (engine/field-message-rule.ts): it appears on submit or when the
 * field is left, never while the first characters are typed, and describes the value the visitor sees
 * now, clearing the moment it is valid. The sign-up password and e-mail, and each card field of the
 * payment form with the message the page shows under it.
 */

const signUp = (name: string) => localeText('en', 'signup', name);

/** The hint is drawn in the error style exactly when the field is marked invalid. */
async function expectMarked(field: Locator, hint: Locator, marked: boolean): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', String(marked));
  if (marked) await expect(hint).toHaveClass(/field-hint--error/);
  else await expect(hint).not.toHaveClass(/field-hint--error/);
}

test('the password and e-mail messages follow the value: shown on submit or leaving the field, gone once it is valid', async ({ page }) => {
  await page.goto('/sign-up/password');
  const password = page.getByLabel(signUp('password.heading'));
  const passwordHint = page.getByText(signUp('password.hint'));
  const next = page.getByRole('button', { name: signUp('continue') });

  // As a visitor types: once the field shows. During the root spinner's first second #root is hidden,
  // the field cannot take focus and the keys would go to the page (pressSequentially does not wait).
  await expect(password).toBeVisible();
  // Typing the first characters marks nothing.
  await password.pressSequentially('123');
  await expectMarked(password, passwordHint, false);
  await next.click();
  await expectMarked(password, passwordHint, true);
  // Nine characters: valid, so the red hint and field clear at once, before any submit.
  await password.pressSequentially('456789');
  await expectMarked(password, passwordHint, false);
  // Too short again: nothing until the visitor leaves the field.
  await password.fill('1234');
  await expectMarked(password, passwordHint, false);
  await password.press('Tab');
  await expectMarked(password, passwordHint, true);
  await password.fill('analytical-engine');
  await expectMarked(password, passwordHint, false);
  await next.click();
  await expect.poll(() => pathOf(page)).toBe('/sign-up/email');

  const email = page.getByRole('textbox', { name: signUp('email.heading') });
  const invalid = page.getByText(signUp('email.invalid'));
  const emailHint = page.getByText(signUp('email.hint'));
  await email.pressSequentially('ada.gmial.com');
  await expect(invalid).toHaveCount(0);
  await page.getByRole('button', { name: signUp('continue') }).click();
  await expect(invalid).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  // Corrected to a valid address with a typo in the domain: the suggestion, and no stale message.
  await email.fill('ada@gmial.com');
  await expect(page.getByRole('button', { name: 'Did you mean ada@gmail.com?' })).toBeVisible();
  await expect(invalid).toHaveCount(0);
  await expectMarked(email, emailHint, false);
  // Leaving the field with an address that cannot be one shows it without a submit.
  await email.fill('ada@gmail');
  await expect(invalid).toHaveCount(0);
  await email.blur();
  await expect(invalid).toBeVisible();
  await email.pressSequentially('.com');
  await expect(invalid).toHaveCount(0);
  await expectMarked(email, emailHint, false);
});

test('the card form: messages appear on pay or on leaving a field, follow the value, and the page never keeps a stale one', async ({ page, request, baseURL }) => {
  const stripe = stripeEmulatorClient(baseURL ?? '');
  const { email, userId } = await startSignedIn(page, request, 'field-messages-card');
  const subscription = await createIncompleteSubscription(stripe, email, ['card'], userId);
  await page.goto(paymentPagePath(subscription, 999));
  const frame = paymentFrame(page);
  // The page's message under the form (an empty alert is not in the accessibility tree, so by its place).
  const pageMessage = page.locator('main form > [role="alert"]');
  const number = frame.getByLabel('Card number');
  // The stack bundles the frame's script on its first request: on a busy machine that takes a while.
  await expect(number).toBeVisible({ timeout: 30_000 });

  // The first digits: no message anywhere.
  await number.pressSequentially('4242 4242');
  await expect(frame.getByText('Your card number is incomplete.')).toHaveCount(0);
  await expect(number).toHaveAttribute('aria-invalid', 'false');
  await expect(pageMessage).toHaveText('');

  await pay(page);
  await expect(pageMessage).toHaveText('Your card number is incomplete.');
  await expect(frame.getByText('Your card number is incomplete.')).toBeVisible();
  // Still incomplete while it is typed: the message stays, as it still describes the value.
  await number.pressSequentially(' 4242');
  await expect(pageMessage).toHaveText('Your card number is incomplete.');

  // The complete, valid card of the issue, in the United Kingdom: every message clears as each field becomes valid.
  await number.pressSequentially(' 4242');
  await expect(frame.getByText('Your card number is incomplete.')).toHaveCount(0);
  await expect(number).toHaveAttribute('aria-invalid', 'false');
  await expect(pageMessage).toHaveText("Your card's expiration date is incomplete.");
  await fillCard(frame, { expiry: '12 / 30', cvc: '123' });
  await frame.getByLabel('Country').selectOption('GB');
  await expect(pageMessage).toHaveText('Your postal code is incomplete.');
  await frame.getByLabel('Postal code').fill('SW1A 1AA');
  await expect(pageMessage).toHaveText('');
  await expect(frame.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(frame.locator('.frame-field-error:not(:empty)')).toHaveCount(0);

  // Leaving a field that holds something incomplete shows its message, in the frame and on the page.
  const cvc = frame.getByLabel('Security code');
  await cvc.fill('1');
  await expect(frame.getByText("Your card's security code is incomplete.")).toHaveCount(0);
  await cvc.press('Tab');
  await expect(frame.getByText("Your card's security code is incomplete.")).toBeVisible();
  await expect(pageMessage).toHaveText("Your card's security code is incomplete.");
  await cvc.pressSequentially('23');
  await expect(pageMessage).toHaveText('');
  await expect(cvc).toHaveAttribute('aria-invalid', 'false');
  // Validation happened in the browser: the emulator saw no attempt.
  expect((await stripe.paymentIntents.retrieve(subscription.paymentIntentId)).last_payment_error).toBeNull();
});
