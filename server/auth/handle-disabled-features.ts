import type { Context } from 'hono';
import { z } from 'zod';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-error';
import { authenticateRequest } from './authenticate-request';
import { readJsonBody } from './read-json-body';

/*
 * GoTrue features this stack keeps switched off, answered the way GoTrue answers when they are off on a
 * Supabase project (its route middlewares and handlers), so a client that tries one gets the real
 * error code instead of a 404 "No route". Grants of switched-off features live in handle-token.ts and
 * anonymous sign-ins in handle-signup.ts.
 */

/** /sso, /sso/saml/metadata, /sso/saml/acs: GoTrue's requireSAMLEnabled. */
export async function handleSamlDisabled(): Promise<Response> {
  throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
}

/**
 * /user/identities/authorize and DELETE /user/identities/:id (supabase-js linkIdentity, unlinkIdentity):
 * the caller must be signed in (GoTrue authenticates before requireManualLinkingEnabled).
 */
export async function handleManualLinkingDisabled(c: Context, ctx: AuthContext): Promise<Response> {
  await authenticateRequest(c, ctx);
  throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
}

const enrollSchema = z.object({ factor_type: z.string().nullish() });

const enrollDisabled: Readonly<Record<string, { code: string; label: string }>> = {
  totp: { code: 'mfa_totp_enroll_not_enabled', label: 'TOTP' },
  phone: { code: 'mfa_phone_enroll_not_enabled', label: 'Phone' },
  webauthn: { code: 'mfa_webauthn_enroll_not_enabled', label: 'WebAuthn' },
};

/** POST /factors (supabase-js mfa.enroll) with every factor type's enrolment switched off. */
export async function handleEnrollFactor(c: Context, ctx: AuthContext): Promise<Response> {
  await authenticateRequest(c, ctx);
  const body = await readJsonBody(c, enrollSchema);
  const disabled = enrollDisabled[body.factor_type ?? ''];
  if (disabled === undefined) {
    throw new AuthError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  }
  throw new AuthError(422, disabled.code, `MFA enroll is disabled for ${disabled.label}`);
}

/**
 * /factors/:id/challenge, /factors/:id/verify, DELETE /factors/:id: nobody can have enrolled a factor,
 * so GoTrue's loadFactor finds none.
 */
export async function handleFactorNotFound(c: Context, ctx: AuthContext): Promise<Response> {
  await authenticateRequest(c, ctx);
  throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
}
