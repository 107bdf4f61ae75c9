/** The caller as Auth knows them right now (GoTrue's `GET /auth/v1/user`). */
export interface SignedInUser {
  readonly id: string;
  readonly email: string | null;
}

function isAuthUser(value: unknown): value is { id: string; email?: unknown } {
  return typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string';
}

/**
 * Looks the access token's user up in Auth, as the deployed wrapper (edge-function.ts) and the local
 * runner (server/functions/create-functions-routes.ts) both do before a handler runs: a valid signature
 * is not enough, since a signed-out session or a deleted user keeps a well-signed token until it
 * expires. Returns undefined when Auth refuses the token (401/403); throws when Auth itself fails.
 */
export async function signedInUser(
  doFetch: typeof fetch,
  supabaseUrl: string,
  anonKey: string,
  token: string,
): Promise<SignedInUser | undefined> {
  const answer = await doFetch(`${supabaseUrl}/auth/v1/user`, { headers: { apikey: anonKey, Authorization: `Bearer ${token}` } });
  if (answer.status === 401 || answer.status === 403) {
    await answer.body?.cancel();
    return undefined;
  }
  if (!answer.ok) throw new Error(`Auth answered ${answer.status} for the caller's token`);
  const body: unknown = await answer.json();
  if (!isAuthUser(body)) throw new Error('Auth answered a user without an id');
  return { id: body.id, email: typeof body.email === 'string' ? body.email : null };
}
