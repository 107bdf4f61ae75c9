/** Keys whose values are never sent, whatever they hold (case-insensitive, `-`/`_` ignored). */
const SECRET_KEYS = new Set(['password', 'newpassword', 'email', 'useremail', 'token', 'accesstoken', 'refreshtoken', 'authorization', 'apikey', 'cookie', 'clientsecret', 'paymentintentclientsecret', 'code']);
const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
/** A JWT (Supabase access tokens) anywhere in a string. */
const JWT = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g;
/** `name=value` in a query string or fragment for the secret names above (the recovery link's `#access_token=`). */
const SECRET_PARAM = /([?&#](?:access_token|refresh_token|token|password|email|apikey|client_secret|payment_intent_client_secret|code)=)[^&#\s]*/gi;
export const FILTERED = '[Filtered]';

/**
 * Removes personal data and credentials from an error report before it leaves the browser: values
 * under secret-sounding keys, e-mail addresses, JWTs and secret URL parameters, in every string of
 * the event (messages, stack values, URLs, breadcrumbs, extra). Mutates and returns the same object,
 * so the SDK's event type is kept. Sentry's own default (`sendDefaultPii: false`) does not cover
 * messages that embed an address, which is how this app's failures would leak one.
 */
export function scrubPersonalData<T>(value: T): T {
  scrubInPlace(value, new Set());
  return value;
}

export function scrubString(text: string): string {
  return text.replace(SECRET_PARAM, `$1${FILTERED}`).replace(JWT, FILTERED).replace(EMAIL, FILTERED);
}

function scrubInPlace(value: unknown, seen: Set<object>): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    value.forEach((item: unknown, index) => {
      if (typeof item === 'string') value[index] = scrubString(item);
      else scrubInPlace(item, seen);
    });
    return;
  }
  if (!isRecord(value)) return;
  const target = value;
  for (const [key, item] of Object.entries(target)) {
    if (SECRET_KEYS.has(key.toLowerCase().replace(/[-_]/g, '')) && item !== undefined && item !== null) target[key] = FILTERED;
    else if (typeof item === 'string') target[key] = scrubString(item);
    else scrubInPlace(item, seen);
  }
}

function isRecord(value: object): value is Record<string, unknown> {
  return !Array.isArray(value);
}
