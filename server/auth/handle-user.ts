import bcrypt from 'bcryptjs';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AuthContext } from './auth-context';
import { authEmail, verifyLink } from './auth-emails';
import { AuthError } from './auth-error';
import { authStore, isUniqueViolation } from './auth-store';
import type { UserUpdate } from './auth-store';
import { authenticateRequest } from './authenticate-request';
import { checkPasswordStrength } from './check-password-strength';
import { assertEmailSendAllowed } from './email-send-interval';
import { BCRYPT_COST } from './handle-signup';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token';
import { readJsonBody } from './read-json-body';
import { requestedRedirect } from './requested-redirect';
import { userJson } from './user-json';
import { validateEmail } from './validate-email';

const userUpdateSchema = z.object({
  email: z.string().nullish(),
  password: z.string().nullish(),
  phone: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  nonce: z.string().nullish(),
});

/** GET /user: the signed-in user, while the token's session still exists. */
export async function handleGetUser(c: Context, ctx: AuthContext): Promise<Response> {
  const { user } = await authenticateRequest(c, ctx);
  return c.json(userJson(user, await authStore.listIdentities(ctx.db, user.id)));
}

/**
 * PUT /user (GoTrue's UserUpdate): `data` is merged into user_metadata (a null value removes the key);
 * a new `password` must pass the strength rule and differ from the current one, and signs out every
 * other session of the user; a new `email` is applied at once under auto-confirm, otherwise confirmed
 * through a link e-mailed to the new address.
 */
export async function handleUpdateUser(c: Context, ctx: AuthContext): Promise<Response> {
  const { user, session } = await authenticateRequest(c, ctx);
  const body = await readJsonBody(c, userUpdateSchema);

  let encryptedPassword: string | undefined;
  if (body.password !== undefined && body.password !== null) {
    checkPasswordStrength(body.password);
    const current = user.encrypted_password ?? '';
    if (current !== '' && (await bcrypt.compare(body.password, current))) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
    encryptedPassword = await bcrypt.hash(body.password, BCRYPT_COST);
  }

  const phone = body.phone ?? '';
  if (phone !== '' && phone !== (user.phone ?? '')) {
    throw new AuthError(400, 'sms_send_failed', 'Error sending sms: no SMS provider is configured');
  }

  let newEmail: string | undefined;
  if (body.email !== undefined && body.email !== null && body.email !== '') {
    const email = validateEmail(body.email);
    if (email !== (user.email ?? '')) newEmail = email;
  }

  const outcome = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const current = await authStore.findUserById(tx, user.id, true);
    if (current === undefined) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const update: UserUpdate = {};
    let metadata = current.raw_user_meta_data;

    if (body.data !== undefined && body.data !== null) {
      // GoTrue merges `data` into the metadata; a key sent as null is removed.
      const removed = new Set(Object.entries(body.data).filter(([, value]) => value === null).map(([key]) => key));
      metadata = Object.fromEntries(Object.entries({ ...metadata, ...body.data }).filter(([key]) => !removed.has(key)));
      update.raw_user_meta_data = metadata;
    }

    if (encryptedPassword !== undefined) {
      // GoTrue's UpdatePassword: outstanding e-mailed tokens die with the old password.
      Object.assign(update, {
        encrypted_password: encryptedPassword,
        confirmation_token: '',
        confirmation_sent_at: null,
        recovery_token: '',
        recovery_sent_at: null,
        email_change_token_new: '',
        email_change_sent_at: null,
      } satisfies UserUpdate);
    }

    let mail: { email: string; token: string; currentEmail: string } | undefined;
    if (newEmail !== undefined) {
      const taken = await authStore.findUserByEmail(tx, newEmail);
      if (taken !== undefined && taken.id !== current.id) {
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      if (ctx.config.autoConfirmEmail) {
        update.email = newEmail;
        if ('email' in metadata) update.raw_user_meta_data = { ...metadata, email: newEmail };
        await authStore.mergeIdentityData(tx, current.id, 'email', { email: newEmail }, now);
      } else {
        assertEmailSendAllowed(current.email_change_sent_at, ctx.emailSendIntervalSeconds, now);
        const token = newOpaqueToken(32);
        Object.assign(update, {
          email_change: newEmail,
          email_change_token_new: hashOpaqueToken(token),
          email_change_sent_at: now,
        } satisfies UserUpdate);
        mail = { email: newEmail, token, currentEmail: current.email ?? '' };
      }
    }

    const updated = await authStore.updateUser(tx, current.id, update, now);
    if (encryptedPassword !== undefined) {
      await authStore.deleteSessionsOfUser(tx, current.id, session?.id);
    }
    return { body: userJson(updated, await authStore.listIdentities(tx, current.id)), mail };
  }).catch((error: unknown) => {
    // Another user took the address between the check and the update.
    if (isUniqueViolation(error)) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    throw error;
  });

  if (outcome.mail !== undefined) {
    const link = verifyLink(ctx.config.siteUrl, outcome.mail.token, 'email_change', requestedRedirect(c, ctx));
    await ctx.mailbox.send(authEmail('email_change', outcome.mail.email, link, { currentEmail: outcome.mail.currentEmail }));
  }
  return c.json(outcome.body);
}
