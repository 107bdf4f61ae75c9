import { SignJWT } from 'jose';
import type { ServerConfig } from '../config';

export interface AmrEntry {
  readonly method: string;
  readonly timestamp: number;
}

export interface AccessTokenSubject {
  readonly userId: string;
  readonly aud: string;
  readonly role: string;
  readonly email: string;
  readonly phone: string;
  readonly appMetadata: Readonly<Record<string, unknown>>;
  readonly userMetadata: Readonly<Record<string, unknown>>;
  readonly isAnonymous: boolean;
  readonly sessionId: string;
  readonly aal: string;
  readonly amr: readonly AmrEntry[];
}

export interface SignedAccessToken {
  readonly token: string;
  /** Unix seconds. */
  readonly expiresAt: number;
}

/**
 * Signs a user's access token with exactly GoTrue's claims (internal/tokens: AccessTokenClaims), in its
 * order: iss, sub, aud, exp, iat, email, phone, app_metadata, user_metadata, role, aal, amr, session_id,
 * is_anonymous. `aud` is a plain string, as GoTrue serialises a single audience.
 */
export async function signAccessToken(
  subject: AccessTokenSubject,
  config: Pick<ServerConfig, 'jwtSecret' | 'jwtIssuer' | 'accessTokenTtlSeconds'>,
  now: Date,
): Promise<SignedAccessToken> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + config.accessTokenTtlSeconds;
  const token = await new SignJWT({
    iss: config.jwtIssuer,
    sub: subject.userId,
    aud: subject.aud,
    exp: expiresAt,
    iat: issuedAt,
    email: subject.email,
    phone: subject.phone,
    app_metadata: subject.appMetadata,
    user_metadata: subject.userMetadata,
    role: subject.role,
    aal: subject.aal,
    amr: subject.amr,
    session_id: subject.sessionId,
    is_anonymous: subject.isAnonymous,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(config.jwtSecret));
  return { token, expiresAt };
}
