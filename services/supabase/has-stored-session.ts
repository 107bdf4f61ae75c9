/**
 * Whether supabase-js has a session stored under `storageKey`: a JSON object with a refresh token (an
 * expired access token can still be refreshed). Reading the key directly lets the funnel's first step
 * skip loading supabase-js for the many visitors who were never signed in.
 */
export function hasStoredSession(storage: Pick<Storage, 'getItem'>, storageKey: string): boolean {
  let raw: string | null;
  try {
    raw = storage.getItem(storageKey);
  } catch {
    return false;
  }
  if (!raw) return false;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && 'refresh_token' in value && typeof value.refresh_token === 'string' && value.refresh_token !== '';
  } catch {
    return false;
  }
}
