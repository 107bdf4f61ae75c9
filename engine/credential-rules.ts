/**
 * The e-mail and password rules, in one place for every screen and machine that checks them (the
 * funnel's in-flow sign-up steps, the sign-up machine, forgot and reset password).
 */

/** Spec: the password must be at least 6 characters (GoTrue rejects shorter ones with weak_password). */
export const MIN_PASSWORD_LENGTH = 6;
/** GoTrue refuses passwords over 72 bytes (bcrypt's limit); catch it before the round trip. */
export const MAX_PASSWORD_BYTES = 72;
/** Non-space text, @, non-space text, a dot, non-space text (the spec's e-mail rule). */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export function isValidPassword(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH && new TextEncoder().encode(password).length <= MAX_PASSWORD_BYTES;
}

/** Loose on purpose: the auth provider has the final word on an address. */
export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}
