import type { Context } from 'hono';
import { z } from 'zod';
import type { Transaction } from '../db/database';
import type { AuthContext } from './auth-context';
import type { EmailLinkType } from './auth-emails';
import { AuthError } from './auth-error';
import { authStore } from './auth-store';
import type { UserRow, UserTokenColumn, UserUpdate } from './auth-store';
import { issueSession } from './issue-session';
import type { SessionResponse } from './issue-session';
import { hashOpaqueToken } from './opaque-token';
import { readJsonBody } from './read-json-body';
import { requestInfo } from './request-info';
import type { RequestInfo } from './request-info';
import { requestedRedirect } from './requested-redirect';

const tokenColumns: Record<EmailLinkType, { column: UserTokenColumn; sentAt: keyof UserRow }> = {
  recovery: { column: 'recovery_token', sentAt: 'recovery_sent_at' },
  signup: { column: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  email_change: { column: 'email_change_token_new', sentAt: 'email_change_sent_at' },
};

const linkTypeSchema = z.enum(['recovery', 'signup', 'email_change']);

const verifyPostSchema = z.object({
  type: z.string().nullish(),
  token_hash: z.string().nullish(),
  token: z.string().nullish(),
  email: z.string().nullish(),
});

/**
 * GET /verify: the link in an auth e-mail (implicit flow, supabase-js's default). A good token ends in a
 * 303 to `redirect_to` with the new session in the fragment, as supabase-js reads it
 * (`#access_token=...&type=recovery`); a bad, used or expired one ends there too, with
 * `#error=access_denied&error_code=otp_expired&error_description=...`.
 */
export async function handleVerifyGet(c: Context, ctx: AuthContext): Promise<Response> {
  const typeParam = c.req.query('type') ?? '';
  const token = c.req.query('token') ?? '';
  if (typeParam === '') throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
  if (token === '') throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
  const type = parseLinkType(typeParam);
  const redirectTo = withoutFragment(requestedRedirect(c, ctx));

  try {
    const session = await verifyToken(ctx, [type], token, requestInfo(c, ctx.ipHeader), EMAIL_LINK_INVALID);
    const fragment = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: session.token_type,
      type,
    });
    return c.redirect(`${redirectTo}#${fragment.toString()}`, 303);
  } catch (error) {
    if (!(error instanceof AuthError) || error.status >= 500) throw error;
    const fragment = new URLSearchParams({
      ...(error.status === 403 ? { error: 'access_denied' } : error.status === 400 ? { error: 'invalid_request' } : {}),
      error_code: error.code,
      error_description: error.message,
    });
    return c.redirect(`${redirectTo}#${fragment.toString()}`, 303);
  }
}

// POST /verify's token-hash types (GoTrue's verifyTokenHash): `email` accepts a sign-up confirmation or
// a magic link (this stack's recovery token), `magiclink` only the latter.
const tokenHashTypes: Readonly<Record<string, readonly EmailLinkType[]>> = {
  signup: ['signup'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  email: ['signup', 'recovery'],
  email_change: ['email_change'],
};

/**
 * POST /verify with a `token_hash` (supabase-js verifyOtp; the server-side confirm-link pattern Supabase
 * documents, `?token_hash=...&type=email` in the app's own URL): the same check as the link, answered
 * with the session. The hash is what the mailed link carries as `token`.
 */
export async function handleVerifyPost(c: Context, ctx: AuthContext): Promise<Response> {
  const body = await readJsonBody(c, verifyPostSchema);
  const typeParam = body.type ?? '';
  if (typeParam === '') throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
  const tokenHash = body.token_hash ?? '';
  if (tokenHash === '') {
    if (tokenHashTypes[typeParam] === undefined) throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
    if ((body.token ?? '') === '') {
      throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
    }
    // This stack e-mails links, never numeric codes, so no code can match.
    throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  }
  const candidates = tokenHashTypes[typeParam];
  if (candidates === undefined) throw new AuthError(400, 'validation_failed', 'Invalid email verification type');
  const session = await verifyToken(ctx, candidates, tokenHash, requestInfo(c, ctx.ipHeader), EMAIL_LINK_INVALID);
  return c.json(session);
}

const EMAIL_LINK_INVALID = 'Email link is invalid or has expired';

function parseLinkType(type: string): EmailLinkType {
  const parsed = linkTypeSchema.safeParse(type);
  if (!parsed.success) throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
  return parsed.data;
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/**
 * Consumes a one-time e-mail token of one of `types` (the first that matches) and signs its user in;
 * the token cannot be used twice.
 */
async function verifyToken(
  ctx: AuthContext,
  types: readonly EmailLinkType[],
  token: string,
  request: RequestInfo,
  invalidMessage: string,
): Promise<SessionResponse> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    for (const type of types) {
      const { column, sentAt } = tokenColumns[type];
      const user = await authStore.findUserByToken(tx, column, hashOpaqueToken(token));
      if (user === undefined) continue;
      const sentAtValue = user[sentAt];
      const expired =
        !(sentAtValue instanceof Date) ||
        new Date(sentAtValue).getTime() + ctx.emailLinkTtlSeconds * 1000 < now.getTime();
      if (expired) break;
      const verified = await applyVerification(tx, type, user, now);
      return issueSession(tx, ctx, verified, 'otp', request);
    }
    throw new AuthError(403, 'otp_expired', invalidMessage);
  });
}

async function applyVerification(tx: Transaction, type: EmailLinkType, user: UserRow, now: Date): Promise<UserRow> {
  // Following any e-mailed link proves the address, so an unconfirmed one becomes confirmed.
  const confirm: UserUpdate =
    user.email_confirmed_at === null
      ? { email_confirmed_at: now, raw_user_meta_data: { ...user.raw_user_meta_data, email_verified: true } }
      : {};
  if (user.email_confirmed_at === null) {
    await authStore.mergeIdentityData(tx, user.id, 'email', { email_verified: true }, now);
  }
  switch (type) {
    case 'recovery':
      return authStore.updateUser(tx, user.id, { ...confirm, recovery_token: '' }, now);
    case 'signup':
      return authStore.updateUser(tx, user.id, { ...confirm, confirmation_token: '' }, now);
    case 'email_change': {
      const newEmail = user.email_change;
      await authStore.mergeIdentityData(tx, user.id, 'email', { email: newEmail }, now);
      const metadata = confirm.raw_user_meta_data ?? user.raw_user_meta_data;
      return authStore.updateUser(
        tx,
        user.id,
        {
          ...confirm,
          email: newEmail,
          email_change: '',
          email_change_token_new: '',
          email_change_sent_at: null,
          raw_user_meta_data: 'email' in metadata ? { ...metadata, email: newEmail } : metadata,
        },
        now,
      );
    }
  }
}
