import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { AuthContext } from './auth-context';
import { authStore } from './auth-store';
import type { UserRow } from './auth-store';
import { newOpaqueToken } from './opaque-token';
import type { RequestInfo } from './request-info';
import { signAccessToken } from './sign-access-token';
import { userJson } from './user-json';

/** GoTrue's AccessTokenResponse: what supabase-js stores as the session. */
export interface SessionResponse {
  readonly access_token: string;
  readonly token_type: 'bearer';
  readonly expires_in: number;
  readonly expires_at: number;
  readonly refresh_token: string;
  readonly user: Record<string, unknown>;
}

/** How the user proved who they are; becomes the session's `amr` entry. */
export type AuthenticationMethod = 'password' | 'otp';

/**
 * Signs a user in (GoTrue's IssueRefreshToken): records the sign-in, opens a session with its first
 * refresh token and the authentication method, and answers with a fresh access token. Run it inside
 * the caller's transaction.
 */
export async function issueSession(
  tx: Queryable,
  ctx: AuthContext,
  user: UserRow,
  method: AuthenticationMethod,
  request: RequestInfo,
): Promise<SessionResponse> {
  const now = ctx.now();
  const signedIn = await authStore.updateUser(tx, user.id, { last_sign_in_at: now }, now);
  await authStore.touchIdentity(tx, user.id, 'email', now);
  const sessionId = randomUUID();
  await authStore.insertSession(tx, { id: sessionId, userId: user.id, now, userAgent: request.userAgent, ip: request.ip });
  await authStore.addAmrClaim(tx, { id: randomUUID(), sessionId, method, now });
  const refreshToken = newOpaqueToken();
  await authStore.insertRefreshToken(tx, { token: refreshToken, userId: user.id, sessionId, parent: null, now });
  return sessionResponse(tx, ctx, signedIn, sessionId, refreshToken);
}

/** The session body for an existing session: a new access token next to the given refresh token. */
export async function sessionResponse(
  tx: Queryable,
  ctx: AuthContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  const now = ctx.now();
  const claims = await authStore.listAmrClaims(tx, sessionId);
  const { token, expiresAt } = await signAccessToken(
    {
      userId: user.id,
      aud: user.aud,
      role: user.role,
      email: user.email ?? '',
      phone: user.phone ?? '',
      appMetadata: user.raw_app_meta_data,
      userMetadata: user.raw_user_meta_data,
      isAnonymous: user.is_anonymous,
      sessionId,
      aal: 'aal1',
      amr: claims.map((claim) => ({
        method: claim.authentication_method,
        timestamp: Math.floor(new Date(claim.updated_at).getTime() / 1000),
      })),
    },
    ctx.config,
    now,
  );
  const identities = await authStore.listIdentities(tx, user.id);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.accessTokenTtlSeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, identities),
  };
}
