import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An error GoTrue answers with its `HTTPError` shape: an HTTP status, an error code (sent in the body
 * and the `x-sb-error-code` header) and a message. `extra` carries fields GoTrue adds for one code,
 * such as `weak_password: {reasons}`.
 */
export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

/** GoTrue's OAuth2-style error (`{error, error_description}`), always 400 and never versioned. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description === '' ? error : `${error}: ${description}`);
    this.name = 'OAuthError';
  }
}

export const API_VERSION_HEADER = 'x-supabase-api-version';

// The API versions GoTrue knows, newest first. A request names a date; the newest version on or before
// it applies. Before the first one (or an unparseable header) GoTrue answers in its initial shape.
const knownApiVersions = ['2024-01-01'] as const;

export function resolveApiVersion(header: string | undefined): string | undefined {
  if (header === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return undefined;
  const requested = Date.parse(`${header}T00:00:00Z`);
  if (Number.isNaN(requested)) return undefined;
  return knownApiVersions.find((version) => Date.parse(`${version}T00:00:00Z`) <= requested);
}

const UNEXPECTED_FAILURE = 'Unexpected failure, please check server logs for more information';

/**
 * Renders an error the way GoTrue's HandleResponseError does: with `x-supabase-api-version: 2024-01-01`
 * (what supabase-js sends) the body is `{code, message}` and the version is echoed; without it the
 * body is the initial `{code: <status>, error_code, msg}`. Anything that is not an AuthError or
 * OAuthError is logged and becomes a 500 `unexpected_failure`.
 */
export function authErrorResponse(c: Context, error: unknown): Response {
  const version = resolveApiVersion(c.req.header(API_VERSION_HEADER));
  if (version !== undefined) c.header(API_VERSION_HEADER, version);

  if (error instanceof OAuthError) {
    return c.json(error.description === '' ? { error: error.error } : { error: error.error, error_description: error.description }, 400);
  }

  const known =
    error instanceof AuthError ? error : new AuthError(500, 'unexpected_failure', UNEXPECTED_FAILURE);
  if (!(error instanceof AuthError)) console.error('auth: unexpected error', error);

  c.header('x-sb-error-code', known.code);
  if (version !== undefined) {
    return c.json({ code: known.code, message: known.message, ...known.extra }, known.status);
  }
  return c.json({ code: known.status, error_code: known.code, msg: known.message, ...known.extra }, known.status);
}
