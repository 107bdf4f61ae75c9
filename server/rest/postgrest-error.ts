/** An error answered in PostgREST's shape: `{code, details, hint, message}` with PostgREST's status. */
export class PostgrestError extends Error {
  override readonly name = 'PostgrestError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toJSON(): { code: string; details: string | null; hint: string | null; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

interface DatabaseErrorFields {
  readonly code: string;
  readonly message: string;
  readonly detail?: unknown;
  readonly hint?: unknown;
}

/** Both drivers (pg, PGlite) throw errors carrying the server's SQLSTATE, detail and hint. */
function isDatabaseError(error: unknown): error is Error & DatabaseErrorFields {
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(error.code)
  );
}

/** PostgREST's SQLSTATE -> HTTP status table (docs: references/errors, "HTTP Status Codes"). */
export function statusForSqlState(code: string, authenticated: boolean): number {
  if (code === '42501') return authenticated ? 403 : 401;
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
  };
  const exactStatus = exact[code];
  if (exactStatus !== undefined) return exactStatus;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

/**
 * The database cannot be reached (refused, reset, the connection dropped before a statement ran, no
 * connection within the pool's wait): Node's socket error codes and pg's own messages for them.
 */
function isConnectionError(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const code: unknown = 'code' in error ? error.code : undefined;
  return (
    (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) ||
    /Connection terminated|connection error|timeout exceeded when trying to connect/i.test(error.message)
  );
}

/**
 * Turns a database error into PostgREST's answer; anything else stays an internal error. A database
 * that cannot be reached is PostgREST's PGRST000 (503, "Database connection error. Retrying the
 * connection."), which clients treat as temporary.
 */
export function postgrestErrorFrom(error: unknown, authenticated: boolean): PostgrestError | undefined {
  if (error instanceof PostgrestError) return error;
  if (!isDatabaseError(error)) {
    return isConnectionError(error) ? new PostgrestError(503, 'PGRST000', 'Database connection error. Retrying the connection.', error.message) : undefined;
  }
  return new PostgrestError(
    statusForSqlState(error.code, authenticated),
    error.code,
    error.message,
    typeof error.detail === 'string' ? error.detail : null,
    typeof error.hint === 'string' ? error.hint : null,
  );
}
