import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from './test-server';

export interface SignedUpUser {
  readonly client: SupabaseClient;
  readonly id: string;
}

/**
 * Users signed up through supabase-js against the in-process stack, one per e-mail: the first call
 * creates the account, later calls with the same e-mail answer the same signed-in client.
 */
export function signedUpUsers(server: () => TestServer): (email: string) => Promise<SignedUpUser> {
  const users = new Map<string, SignedUpUser>();
  return async (email) => {
    const known = users.get(email);
    if (known !== undefined) return known;
    const { url, apiKeys } = server();
    const client = createClient(url, apiKeys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data, error } = await client.auth.signUp({ email, password: 'correct horse battery' });
    if (error !== null || data.user === null) throw error ?? new Error('no user');
    const created = { client, id: data.user.id };
    users.set(email, created);
    return created;
  };
}
