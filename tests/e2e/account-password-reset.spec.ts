import { expect, test } from '@playwright/test';
import { createAccount, latestMailTo, signInThroughTheForm, uniqueEmail } from './support/account-stack';
import { pathOf } from './support/funnel-walker';

test.describe('forgot and reset password', () => {
  test('request a link, read it from the mailbox, refuse the same password, reset, sign in with the new one', async ({ page, request }) => {
    const email = uniqueEmail('forgetful');
    await createAccount(request, email, 'old-password');

    await page.goto('/account/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect.poll(() => pathOf(page)).toBe('/account/forgot-password');
    const emailField = page.getByRole('textbox', { name: 'Email' });
    await expect(emailField).toBeFocused();
    const submit = page.getByRole('button', { name: 'Reset password' });
    await expect(submit).toBeDisabled();
    await emailField.fill('forgetful@example');
    await expect(submit).toBeDisabled();
    await emailField.fill(email);
    await expect(submit).toBeEnabled();
    await submit.click();

    const sent = page.getByRole('dialog', { name: 'Check your email' });
    await expect(sent).toBeVisible();
    await sent.getByRole('button', { name: 'Close' }).click();
    await expect(sent).toBeHidden();

    const mail = await latestMailTo(request, email);
    expect(mail.subject).toBe('Reset Your Password');
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    await page.goto(link ?? '');
    await expect.poll(() => pathOf(page)).toBe('/account/reset-password');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    // supabase-js took the session out of the URL fragment.
    await expect.poll(() => new URL(page.url()).hash).toBe('');

    const password = page.getByLabel('New password');
    const reset = page.getByRole('button', { name: 'Reset password' });
    await password.fill('12345');
    await expect(reset).toBeDisabled();
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');

    await password.fill('old-password');
    await reset.click();
    const samePassword = page.getByText('The new password should be different from the old one.');
    await expect(samePassword).toBeVisible();
    await expect(samePassword).toHaveClass(/account-page__error/);
    expect(pathOf(page)).toBe('/account/reset-password');

    await password.fill('new-password');
    await reset.click();
    const done = page.getByRole('dialog', { name: 'Your password has been reset' });
    await expect(done).toBeVisible();
    await expect(done.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account/sign-in');
    const shownAt = Date.now();
    await expect.poll(() => pathOf(page), { timeout: 6_000 }).toBe('/account/sign-in');
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);

    await signInThroughTheForm(page, email, 'old-password');
    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
    await signInThroughTheForm(page, email, 'new-password');
    await expect.poll(() => pathOf(page)).not.toBe('/account/sign-in');
  });

  test('an unknown address gets the same "check your email" dialog, and no e-mail is sent', async ({ page, request }) => {
    const email = uniqueEmail('nobody');
    await page.goto('/account/forgot-password');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeHidden();
    const list: { messages: { To: { Address: string }[] }[] } = await (await request.get('/_dev/mail/api/v1/messages')).json();
    expect(list.messages.some((message) => message.To.some((to) => to.Address === email))).toBe(false);
  });

  test('a used or broken link shows that it is invalid, with a way to ask for a new one', async ({ page }) => {
    await page.goto('/account/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    await expect(page.getByText('This password reset link is invalid or has expired. Please request a new one.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/account/forgot-password');
  });
});
