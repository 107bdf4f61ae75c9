/** The backend's functions by name (Supabase Edge Functions), called as the signed-in user. */
export interface BackendFunctions {
  /** Calls the function with an empty JSON body; rejects when it fails. */
  invoke(name: string): Promise<void>;
}
