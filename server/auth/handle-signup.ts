import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Context } from 'hono';
import { z } from 'zod';
import type { Transaction } from '../db/database';
import type { AuthContext } from './auth-context';
import { authEmail, verifyLink } from './auth-emails';
import { AuthError } from './auth-error';
import { authStore, isUniqueViolation } from './auth-store';
import type { UserRow } from './auth-store';
import { checkPasswordStrength } from './check-password-strength';
import { assertEmailSendAllowed } from './email-send-interval';
import { issueSession } from './issue-session';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token';
import { readJsonBody } from './read-json-body';
import { requestInfo } from './request-info';
import { resolveRedirectUrl } from './resolve-redirect-url';
import { userJson } from './user-json';
import { validateEmail } from './validate-email';

export const BCRYPT_COST = 10;

const signupBodySchema = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

const emailAppMetadata = { provider: 'email', providers: ['email'] };

/**
 * POST /signup (GoTrue's Signup, e-mail and password only; anonymous sign-ins are off and
 * DISABLE_SIGNUP refuses every new account). With auto-confirm the user is confirmed at
 * once and the answer is a session; otherwise a confirmation e-mail goes to the mailbox and the answer
 * is the bare user. A second sign-up for a confirmed address is `user_already_exists` under
 * auto-confirm and, like GoTrue, a look-alike user otherwise, so the address is not revealed.
 */
export async function handleSignup(c: Context, ctx: AuthContext): Promise<Response> {
  const body = await readJsonBody(c, signupBodySchema);
  const emailParam = body.email ?? '';
  const phoneParam = body.phone ?? '';
  // GoTrue's /signup route: neither address means an anonymous sign-in (supabase-js signInAnonymously),
  // switched off here as on a new Supabase project; it is decided before DISABLE_SIGNUP.
  if (emailParam === '' && phoneParam === '') {
    throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  if (ctx.config.disableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const password = body.password ?? '';
  if (password === '') throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(password);

  if (emailParam !== '' && phoneParam !== '') {
    throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on signup.');
  }
  if (phoneParam !== '') throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled');
  const email = validateEmail(emailParam);
  const data = body.data ?? {};
  const request = requestInfo(c, ctx.ipHeader);
  // Hashing takes ~100 ms; doing it before the transaction keeps the database free meanwhile.
  const encryptedPassword = await bcrypt.hash(password, BCRYPT_COST);

  const outcome = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const existing = await authStore.findUserByEmail(tx, email);
    if (existing !== undefined) {
      if (ctx.config.autoConfirmEmail || existing.email_confirmed_at !== null) {
        if (ctx.config.autoConfirmEmail) throw new AuthError(422, 'user_already_exists', 'User already registered');
        return { kind: 'user' as const, body: lookAlikeUser(existing, data, now) };
      }
      // Unconfirmed: GoTrue leaves the user as it is and sends the confirmation again.
      assertEmailSendAllowed(existing.confirmation_sent_at, ctx.emailSendIntervalSeconds, now);
      return confirmationPending(tx, ctx, existing, now);
    }

    const id = randomUUID();
    const confirmedAt = ctx.config.autoConfirmEmail ? now : null;
    const user = await authStore.insertUser(tx, {
      id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      encrypted_password: encryptedPassword,
      email_confirmed_at: confirmedAt,
      raw_app_meta_data: emailAppMetadata,
      raw_user_meta_data: {
        ...data,
        sub: id,
        email,
        email_verified: confirmedAt !== null,
        phone_verified: false,
      },
      created_at: now,
    });
    await authStore.insertIdentity(tx, {
      id: randomUUID(),
      provider_id: id,
      user_id: id,
      provider: 'email',
      identity_data: { sub: id, email, email_verified: confirmedAt !== null, phone_verified: false },
      now,
    });
    if (confirmedAt !== null) {
      return { kind: 'session' as const, body: await issueSession(tx, ctx, user, 'password', request) };
    }
    return confirmationPending(tx, ctx, user, now);
  }).catch((error: unknown) => {
    // Two sign-ups for one address at once: the unique index decides, the loser gets GoTrue's answer.
    if (isUniqueViolation(error)) throw new AuthError(422, 'user_already_exists', 'User already registered');
    throw error;
  });

  if (outcome.kind === 'mail') {
    const redirectTo = resolveRedirectUrl(c.req.query('redirect_to'), ctx.config.siteUrl, ctx.allowedRedirectOrigins);
    await ctx.mailbox.send(
      authEmail('signup', outcome.email, verifyLink(ctx.config.siteUrl, outcome.token, 'signup', redirectTo)),
    );
  }
  return c.json(outcome.body);
}

async function confirmationPending(
  tx: Transaction,
  ctx: AuthContext,
  user: UserRow,
  now: Date,
): Promise<{ kind: 'mail'; body: Record<string, unknown>; email: string; token: string }> {
  const token = newOpaqueToken(32);
  const updated = await authStore.updateUser(
    tx,
    user.id,
    { confirmation_token: hashOpaqueToken(token), confirmation_sent_at: now },
    now,
  );
  const identities = await authStore.listIdentities(tx, user.id);
  return { kind: 'mail', body: userJson(updated, identities), email: updated.email ?? '', token };
}

/** GoTrue's sanitizeUser: a new id and no confirmation, so the answer cannot tell the address is taken. */
function lookAlikeUser(user: UserRow, data: Record<string, unknown>, now: Date): Record<string, unknown> {
  return userJson(
    {
      ...user,
      id: randomUUID(),
      created_at: now,
      updated_at: now,
      confirmation_sent_at: now,
      last_sign_in_at: null,
      confirmed_at: null,
      email_confirmed_at: null,
      phone_confirmed_at: null,
      raw_user_meta_data: data,
      raw_app_meta_data: emailAppMetadata,
      phone: null,
    },
    [],
  );
}
