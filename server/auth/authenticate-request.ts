import type { Context } from 'hono';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-error';
import { authStore } from './auth-store';
import type { SessionRow, UserRow } from './auth-store';
import { AccessTokenError, verifyAccessToken } from './verify-access-token';
import type { AccessTokenClaims } from './verify-access-token';

export interface AuthenticatedRequest {
  readonly claims: AccessTokenClaims;
  readonly user: UserRow;
  /** Absent only for a token without a session_id claim (GoTrue tolerates those). */
  readonly session: SessionRow | undefined;
}

const bearer = /^(?:B|b)earer (\S+)$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GoTrue's requireAuthentication: a valid bearer access token whose user still exists and whose session
 * has not been signed out. A signature alone is not enough here, so /user and /logout stop working for
 * a token the moment its session ends, not when it expires.
 */
export async function authenticateRequest(c: Context, ctx: AuthContext): Promise<AuthenticatedRequest> {
  const match = bearer.exec(c.req.header('authorization') ?? '');
  const token = match?.[1];
  if (token === undefined) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');

  let claims: AccessTokenClaims;
  try {
    claims = await verifyAccessToken(token, ctx.config);
  } catch (error) {
    if (error instanceof AccessTokenError) {
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${error.message}`);
    }
    throw error;
  }

  if (claims.sub === undefined || claims.sub === '') {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  if (!uuid.test(claims.sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await authStore.findUserById(ctx.db, claims.sub);
  if (user === undefined) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');

  let session: SessionRow | undefined;
  const sessionId = claims.session_id;
  if (sessionId !== undefined && sessionId !== '' && sessionId !== '00000000-0000-0000-0000-000000000000') {
    if (!uuid.test(sessionId)) {
      throw new AuthError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
    }
    session = await authStore.findSession(ctx.db, sessionId);
    if (session === undefined) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  return { claims, user, session };
}
