import type { Context } from 'hono';
import { z } from 'zod';
import type { AuthContext } from './auth-context';
import { authEmail, verifyLink } from './auth-emails';
import { AuthError } from './auth-error';
import { authStore } from './auth-store';
import { assertEmailSendAllowed } from './email-send-interval';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token';
import { readJsonBody } from './read-json-body';
import { requestedRedirect } from './requested-redirect';
import { validateEmail } from './validate-email';

const recoverBodySchema = z.object({ email: z.string().nullish() });

/**
 * POST /recover: e-mails a one-time recovery link (to the local mailbox) and answers `{}`, the same
 * answer for an address without an account. A second request for the same user inside the e-mail send
 * interval is 429 `over_email_send_rate_limit`, as in GoTrue.
 */
export async function handleRecover(c: Context, ctx: AuthContext): Promise<Response> {
  const body = await readJsonBody(c, recoverBodySchema);
  const emailParam = body.email ?? '';
  if (emailParam === '') throw new AuthError(422, 'validation_failed', 'Password recovery requires an email');
  const email = validateEmail(emailParam);
  const redirectTo = requestedRedirect(c, ctx);

  const pending = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const user = await authStore.findUserByEmail(tx, email);
    if (user === undefined) return undefined;
    assertEmailSendAllowed(user.recovery_sent_at, ctx.emailSendIntervalSeconds, now);
    const token = newOpaqueToken(32);
    await authStore.updateUser(tx, user.id, { recovery_token: hashOpaqueToken(token), recovery_sent_at: now }, now);
    return { email: user.email ?? email, token };
  });

  if (pending !== undefined) {
    const link = verifyLink(ctx.config.siteUrl, pending.token, 'recovery', redirectTo);
    await ctx.mailbox.send(authEmail('recovery', pending.email, link));
  }
  return c.json({});
}
