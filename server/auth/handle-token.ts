import bcrypt from 'bcryptjs';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AuthContext } from './auth-context';
import { AuthError, OAuthError } from './auth-error';
import { authStore } from './auth-store';
import type { UserRow } from './auth-store';
import { BCRYPT_COST } from './handle-signup';
import { issueSession, sessionResponse } from './issue-session';
import type { SessionResponse } from './issue-session';
import { newOpaqueToken } from './opaque-token';
import { readJsonBody } from './read-json-body';
import { requestInfo } from './request-info';

const passwordGrantSchema = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
});

const refreshGrantSchema = z.object({ refresh_token: z.string().nullish() });

const INVALID_LOGIN = 'Invalid login credentials';

/**
 * POST /token: the password and refresh_token grants, chosen by the `grant_type` query parameter. The
 * grants of features this stack keeps switched off answer as GoTrue does with them off (id_token,
 * web3; pkce needs the PKCE flow, which this stack does not issue codes for); any other grant type is
 * GoTrue's 400 `invalid_credentials` "unsupported_grant_type".
 */
export async function handleToken(c: Context, ctx: AuthContext): Promise<Response> {
  switch (c.req.query('grant_type')) {
    case 'password':
      return c.json(await passwordGrant(c, ctx));
    case 'refresh_token':
      return c.json(await refreshTokenGrant(c, ctx));
    case 'id_token':
      return idTokenGrant(c);
    case 'web3':
      throw new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
    default:
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  }
}

const idTokenGrantSchema = z.object({
  id_token: z.string().nullish(),
  provider: z.string().nullish(),
  client_id: z.string().nullish(),
  issuer: z.string().nullish(),
});

// The issuers GoTrue knows by provider name (internal/api/provider); every one of them is off here.
const idTokenIssuers: Readonly<Record<string, string>> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
};

/** GoTrue's IdTokenGrant up to its provider check: no external provider is enabled on this stack. */
async function idTokenGrant(c: Context): Promise<never> {
  const body = await readJsonBody(c, idTokenGrantSchema);
  if ((body.id_token ?? '') === '') throw new OAuthError('invalid request', 'id_token required');
  const provider = body.provider ?? '';
  if (provider === '' && ((body.client_id ?? '') === '' || (body.issuer ?? '') === '')) {
    throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  }
  const issuer = idTokenIssuers[provider] ?? Object.values(idTokenIssuers).find((known) => known === body.issuer);
  if (issuer === undefined) {
    throw new AuthError(400, 'validation_failed', `Custom OIDC provider ${JSON.stringify(provider)} not allowed`);
  }
  throw new AuthError(400, 'provider_disabled', `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`);
}

/**
 * GoTrue's ResourceOwnerPasswordGrant. An unknown e-mail and a wrong password give the same 400
 * `invalid_credentials`, and both spend one bcrypt comparison, so neither the body nor the time taken
 * tells whether the address has an account.
 */
async function passwordGrant(c: Context, ctx: AuthContext): Promise<SessionResponse> {
  const body = await readJsonBody(c, passwordGrantSchema);
  const email = body.email ?? '';
  const phone = body.phone ?? '';
  const password = body.password ?? '';
  if (email !== '' && phone !== '') {
    throw new AuthError(422, 'validation_failed', 'Only an email address or phone number should be provided on login.');
  }
  if (phone !== '') throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  if (email === '') throw new AuthError(400, 'validation_failed', 'missing email or phone');

  const user = await authStore.findUserByEmail(ctx.db, email);
  const hash = user?.encrypted_password ?? '';
  const passwordMatches = await bcrypt.compare(password, hash === '' ? await dummyHash() : hash);
  if (user === undefined || hash === '' || !passwordMatches) {
    throw new AuthError(400, 'invalid_credentials', INVALID_LOGIN);
  }
  if (isBanned(user, ctx.now())) throw new AuthError(400, 'user_banned', 'User is banned');
  if (user.email_confirmed_at === null) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');

  const request = requestInfo(c, ctx.ipHeader);
  return ctx.db.transaction((tx) => issueSession(tx, ctx, user, 'password', request));
}

type RefreshOutcome = { kind: 'session'; session: SessionResponse } | { kind: 'reuse' };

/**
 * GoTrue's RefreshTokenGrant with rotation on (its default). Every use revokes the token and issues a
 * child. A revoked token is still accepted in GoTrue's two forgiving cases: it is the parent of the
 * session's active token (the client lost the last answer: the active token is handed back, no new one
 * made), or it was revoked less than the reuse interval ago (concurrent refreshes: a new child is
 * issued). Any other reuse means the token leaked: the whole family goes, and unlike GoTrue's v1
 * tokens (which only mark the family revoked) the session itself is ended, as GoTrue's v2 tokens do, so
 * the family's newest token and the session's access tokens stop working at once too.
 */
async function refreshTokenGrant(c: Context, ctx: AuthContext): Promise<SessionResponse> {
  const body = await readJsonBody(c, refreshGrantSchema);
  const presented = body.refresh_token ?? '';
  if (presented === '') throw new OAuthError('invalid_request', 'refresh_token required');
  const request = requestInfo(c, ctx.ipHeader);

  const outcome = await ctx.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const now = ctx.now();
    const token = await authStore.findRefreshToken(tx, presented, true);
    const user = token === undefined ? undefined : await authStore.findUserById(tx, token.user_id);
    if (token === undefined || user === undefined) {
      throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    if (isBanned(user, now)) throw new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned');
    const session = await authStore.findSession(tx, token.session_id, true);
    if (session === undefined) {
      throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    }
    if (session.not_after !== null && new Date(session.not_after).getTime() < now.getTime()) {
      throw new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
    }

    let issued: string | undefined;
    if (token.revoked) {
      const active = await authStore.findActiveRefreshToken(tx, session.id);
      if (active !== undefined && active.parent === token.token) {
        issued = active.token;
      } else {
        const reuseUntil = new Date(token.updated_at).getTime() + ctx.refreshTokenReuseIntervalSeconds * 1000;
        if (now.getTime() > reuseUntil) {
          // Deleting the session cascades to every refresh token of the family and its amr claims.
          await authStore.deleteSession(tx, session.id);
          return { kind: 'reuse' };
        }
      }
    }
    if (issued === undefined) {
      if (!token.revoked) await authStore.revokeRefreshToken(tx, token.token, now);
      issued = newOpaqueToken();
      await authStore.insertRefreshToken(tx, {
        token: issued,
        userId: user.id,
        sessionId: session.id,
        parent: token.token,
        now,
      });
    }
    await authStore.markSessionRefreshed(tx, session.id, { now, userAgent: request.userAgent, ip: request.ip });
    return { kind: 'session', session: await sessionResponse(tx, ctx, user, session.id, issued) };
  });

  // Thrown after the commit, so the revocation stands even though the request fails.
  if (outcome.kind === 'reuse') {
    throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  return outcome.session;
}

function isBanned(user: UserRow, now: Date): boolean {
  return user.banned_until !== null && new Date(user.banned_until).getTime() > now.getTime();
}

let dummyHashPromise: Promise<string> | undefined;

/** A hash to compare against when there is no user, so a miss costs what a wrong password costs. */
function dummyHash(): Promise<string> {
  dummyHashPromise ??= bcrypt.hash('local-stack-timing-equaliser', BCRYPT_COST);
  return dummyHashPromise;
}
