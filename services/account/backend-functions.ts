/** The backend's functions by name (Supabase Edge Functions), called as the signed-in user. */
export interface BackendFunctions {
  /**
   * Calls the function with the JSON body (empty when none is given) and resolves with its answer's
   * body (parse it at the caller). A non-2xx answer rejects with a `BackendFunctionError` carrying the
   * status and the function's `error` code (also in the message, for reports); a network failure
   * rejects with one whose status is undefined.
   */
  invoke(name: string, body?: Readonly<Record<string, unknown>>): Promise<unknown>;
}

/** A function that answered with an error (`{error: <code>, message}`, docs/decisions/0165-function-error-bodies.md) or could not be reached. */
export class BackendFunctionError extends Error {
  constructor(
    readonly functionName: string,
    /** The HTTP status; undefined when no answer came (network, CORS). */
    readonly status: number | undefined,
    /** The body's `error` code, e.g. `already_subscribed`. */
    readonly code: string | undefined,
    options?: { readonly cause?: unknown },
  ) {
    const cause = options?.cause instanceof Error ? `: ${options.cause.message}` : '';
    super(`Function ${functionName} failed${status === undefined ? '' : ` with ${status}`}${cause}${code === undefined ? '' : ` (${code})`}`, options);
    this.name = 'BackendFunctionError';
  }
}
