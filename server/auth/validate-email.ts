import { AuthError } from './auth-error';

// The format check GoTrue uses (github.com/badoux/checkmail ValidateFormat).
const emailFormat =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: required, at most 255 bytes, well-formed; returns it lower-cased. */
export function validateEmail(email: string): string {
  if (email === '') throw new AuthError(400, 'validation_failed', 'An email address is required');
  if (Buffer.byteLength(email, 'utf8') > 255) {
    throw new AuthError(400, 'validation_failed', 'An email address is too long');
  }
  if (!emailFormat.test(email)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}
