import type { SupabaseClient, User } from '@supabase/supabase-js';
import type { AuthFailure, AuthResult, AuthService, AuthUser } from '../account/auth-service';
import type { BackendFunctions } from '../account/backend-functions';
import type { ProfileStore } from '../account/profile-store';
import { hasStoredSession } from './has-stored-session';
import type { SupabaseSettings } from './supabase-settings';

export interface SupabaseServices {
  readonly auth: AuthService;
  readonly profiles: ProfileStore;
  readonly functions: BackendFunctions;
}

export interface SupabaseServicesDeps {
  readonly settings: SupabaseSettings;
  /** Where supabase-js keeps the session (localStorage in the browser). */
  readonly storage: Pick<Storage, 'getItem'>;
  /** Loads supabase-js; a dynamic import in the browser, so the SDK is its own chunk. */
  readonly loadSdk: () => Promise<typeof import('@supabase/supabase-js')>;
}

/**
 * Auth, the profiles table and the backend functions over one supabase-js client, created on first
 * use (the SDK is about 54 KB: the funnel's first step must not pay for it). The client uses the
 * implicit flow, so the password-recovery link's `#access_token=...&type=recovery` fragment becomes a
 * session when the client starts on /account/reset-password (supabase-js emits PASSWORD_RECOVERY);
 * it stores the session in localStorage and refreshes it before expiry.
 */
export function createSupabaseServices({ settings, storage, loadSdk }: SupabaseServicesDeps): SupabaseServices {
  let client: Promise<SupabaseClient> | undefined;
  const supabase = (): Promise<SupabaseClient> => {
    client ??= loadSdk().then(({ createClient }) =>
      createClient(settings.url, settings.anonKey, {
        auth: { storageKey: settings.storageKey, flowType: 'implicit', detectSessionInUrl: true, persistSession: true, autoRefreshToken: true },
      }),
    );
    // A chunk that failed to load (flaky network) must not stick: the next call retries.
    client.catch(() => {
      client = undefined;
    });
    return client;
  };

  const auth: AuthService = {
    // Once the client exists it is the authority; before that, the stored key is.
    mayHaveSession: () => client !== undefined || hasStoredSession(storage, settings.storageKey),
    async currentUser() {
      const { data, error } = await (await supabase()).auth.getSession();
      if (error) throw error;
      return data.session ? authUser(data.session.user) : null;
    },
    async signUp(email, password, metadata) {
      const { data, error } = await (await supabase()).auth.signUp({ email, password, options: { data: { ...metadata } } });
      if (error) return { error: failure(error) };
      return data.user ? { user: authUser(data.user) } : { error: { message: 'Sign-up answered without a user', code: undefined } };
    },
    async signIn(email, password): Promise<AuthResult> {
      const { data, error } = await (await supabase()).auth.signInWithPassword({ email, password });
      if (error) return { error: failure(error) };
      return { user: authUser(data.user) };
    },
    async signOut() {
      // supabase-js removes the local session even when the server call fails (404/401/403 ignored).
      const { error } = await (await supabase()).auth.signOut();
      if (error) throw error;
    },
    async requestPasswordReset(email, redirectTo) {
      const { error } = await (await supabase()).auth.resetPasswordForEmail(email, { redirectTo });
      return error ? failure(error) : undefined;
    },
    async updatePassword(password) {
      const { error } = await (await supabase()).auth.updateUser({ password });
      return error ? failure(error) : undefined;
    },
  };

  const profiles: ProfileStore = {
    async insert(row) {
      const { error } = await (await supabase()).from('profiles').insert(row);
      if (error) throw new Error(`Profile insert failed: ${error.message}`, { cause: error });
    },
  };

  const functions: BackendFunctions = {
    async invoke(name) {
      const { error } = await (await supabase()).functions.invoke(name, { body: {} });
      if (error instanceof Error) throw new Error(`Function ${name} failed: ${error.message}`, { cause: error });
    },
  };

  return { auth, profiles, functions };
}

function authUser(user: User): AuthUser {
  return { id: user.id, email: user.email };
}

function failure(error: { readonly message: string; readonly code?: string | undefined }): AuthFailure {
  return { message: error.message, code: error.code };
}
