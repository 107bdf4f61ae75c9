/**
 * A function that answered with an error (`{error: <code>, message}`, docs/decisions.md) or could not be
 * reached. A module of its own: callers in screens/ recognise it with `instanceof`, and an error module is
 * the one kind of services/ module a screen may import values from (docs/architecture.md, "Layers").
 */
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
