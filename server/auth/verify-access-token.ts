import { errors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { ServerConfig } from '../config';

const amrEntrySchema = z.object({ method: z.string(), timestamp: z.number() });

/**
 * The claims of a token this stack signed: a user's access token (all fields) or an API key (anon,
 * service_role: `role` and `exp` only). Unknown claims are kept, since PostgREST hands every claim to
 * SQL through `request.jwt.claims`.
 */
const accessTokenClaimsSchema = z.looseObject({
  role: z.string(),
  exp: z.number(),
  iat: z.number().optional(),
  iss: z.string().optional(),
  sub: z.string().optional(),
  aud: z.union([z.string(), z.array(z.string())]).optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  app_metadata: z.record(z.string(), z.unknown()).optional(),
  user_metadata: z.record(z.string(), z.unknown()).optional(),
  aal: z.string().optional(),
  amr: z.array(amrEntrySchema).optional(),
  session_id: z.string().optional(),
  is_anonymous: z.boolean().optional(),
});

export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** Why a bearer token was refused; `message` reads like GoTrue's (Go's JWT library's) own. */
export class AccessTokenError extends Error {
  readonly code = 'bad_jwt';
  constructor(message: string) {
    super(message);
    this.name = 'AccessTokenError';
  }
}

const keys = new Map<string, Uint8Array>();

function hmacKey(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (key === undefined) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

/**
 * Verifies an HS256 token signed with the stack's JWT secret and returns its claims. Requires `exp`
 * (and that it has not passed) and a `role`; does not require `sub`, so the anon and service-role keys
 * verify too. Throws AccessTokenError for anything else.
 */
export async function verifyAccessToken(
  token: string,
  config: Pick<ServerConfig, 'jwtSecret'>,
): Promise<AccessTokenClaims> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, hmacKey(config.jwtSecret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    }));
  } catch (error) {
    throw new AccessTokenError(describeJoseError(error));
  }
  const parsed = accessTokenClaimsSchema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AccessTokenError(`token has invalid claims: ${issue?.path.join('.') ?? 'claims'} ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

function describeJoseError(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'token has invalid claims: token is expired';
  if (error instanceof errors.JWTClaimValidationFailed) return `token has invalid claims: ${error.message}`;
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'token signature is invalid: signature is invalid';
  if (error instanceof errors.JOSEAlgNotAllowed) return `token signature is invalid: ${error.message}`;
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) {
    return `token is malformed: ${error.message}`;
  }
  return error instanceof Error ? `token is unverifiable: ${error.message}` : 'token is unverifiable';
}
