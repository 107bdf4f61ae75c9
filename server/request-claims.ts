import { AccessTokenError, verifyAccessToken } from './auth/verify-access-token';
import type { AccessTokenClaims } from './auth/verify-access-token';
import type { ServerConfig } from './config';

/** The database roles a request may run as; anything else in a JWT is refused. */
export type RequestRole = 'anon' | 'authenticated' | 'service_role';

export interface RequestClaims {
  readonly role: RequestRole;
  /** The verified JWT payload (empty for a request without a token), as `request.jwt.claims`. */
  readonly claims: AccessTokenClaims | Record<string, never>;
}

/** A token that is present but not acceptable: PostgREST's PGRST301, the functions' 401. */
export class InvalidJwtError extends Error {
  override readonly name = 'InvalidJwtError';
}

const requestRoles: readonly RequestRole[] = ['anon', 'authenticated', 'service_role'];

function isRequestRole(value: unknown): value is RequestRole {
  return typeof value === 'string' && (requestRoles as readonly string[]).includes(value);
}

/** The bearer token of an Authorization header, or undefined without one. */
export function bearerToken(authorization: string | undefined | null): string | undefined {
  const match = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * Verifies the request's JWT the way PostgREST does: signature (HS256, JWT_SECRET) and expiry only,
 * no session lookup (the one verifier, server/auth/verify-access-token.ts). The Authorization bearer wins; Supabase's gateway also accepts the `apikey`
 * header alone; with neither, the request is anonymous.
 */
export async function requestClaims(
  headers: { get(name: string): string | null | undefined },
  config: Pick<ServerConfig, 'jwtSecret'>,
): Promise<RequestClaims> {
  const token = bearerToken(headers.get('authorization')) ?? headers.get('apikey') ?? undefined;
  if (token === undefined || token === '') return { role: 'anon', claims: {} };
  let payload: AccessTokenClaims;
  try {
    payload = await verifyAccessToken(token, config);
  } catch (error) {
    if (error instanceof AccessTokenError) throw new InvalidJwtError(error.message);
    throw error;
  }
  const role = payload.role;
  if (!isRequestRole(role)) throw new InvalidJwtError(`JWT role ${JSON.stringify(role)} is not allowed`);
  return { role, claims: payload };
}
