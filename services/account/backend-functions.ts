/** The backend's functions by name (Supabase Edge Functions), called as the signed-in user. */
export interface BackendFunctions {
  /**
   * Calls the function with the JSON body (empty when none is given) and resolves with its answer's
   * body (parse it at the caller). A non-2xx answer rejects with a `BackendFunctionError` (backend-function-error.ts) carrying the
   * status and the function's `error` code (also in the message, for reports); a network failure
   * rejects with one whose status is undefined.
   */
  invoke(name: string, body?: Readonly<Record<string, unknown>>): Promise<unknown>;
}
