import type { SupabaseClient, User } from '@supabase/supabase-js';
import type { AuthFailure, AuthResult, AuthService, AuthUser, EmailLinkLanding } from '../account/auth-service';
import { BackendFunctionError } from '../account/backend-function-error';
import type { BackendFunctions } from '../account/backend-functions';
import type { ProfileStore } from '../account/profile-store';
import type { CancelRefundRequestType } from '../../engine/cancel-refund-choice-machine';
import type { HelpCentreAction } from '../../engine/subscription-eligibility';
import type { CancelRefundCounts } from '../help-centre/help-centre-service';
import { hasStoredSession } from './has-stored-session';
import type { SupabaseSettings } from './supabase-settings';

export interface SupabaseServices {
  readonly auth: AuthService;
  readonly profiles: ProfileStore;
  readonly functions: BackendFunctions;
  /** The help centre's cancel / refund functions, answering their counts. */
  readonly requestCancelOrRefund: (action: HelpCentreAction, type: CancelRefundRequestType, language?: string) => Promise<CancelRefundCounts>;
  /**
   * The one supabase-js client, for services that live in lazy chunks (their code stays out of the
   * entry; e.g. services/checkout/supabase-exchange-rates.ts).
   */
  readonly client: () => Promise<SupabaseClient>;
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
    async signUp(email, password, metadata, emailRedirectTo) {
      const { data, error } = await (await supabase()).auth.signUp({ email, password, options: { data: { ...metadata }, emailRedirectTo } });
      if (error) return { error: failure(error) };
      if (!data.user) return { error: { message: 'Sign-up answered without a user', code: undefined } };
      if (data.session) return { user: authUser(data.user), confirmationPending: false };
      // With confirmation on, GoTrue answers a taken address with a look-alike user that has no
      // identities, so the address is not revealed to strangers (Supabase documents this check).
      if (data.user.identities?.length === 0) return { error: { message: USER_ALREADY_REGISTERED, code: 'user_already_exists' } };
      return { user: authUser(data.user), confirmationPending: true };
    },
    async confirmEmail(landing) {
      const linkError = fragmentError(landing);
      if (linkError) return { error: linkError };
      const query = new URLSearchParams(landing.search);
      const tokenHash = query.get('token_hash');
      const type = query.get('type');
      const client = await supabase();
      if (tokenHash && (type === 'email' || type === 'signup' || type === 'magiclink')) {
        const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type });
        if (error) return { error: failure(error) };
        return data.user ? { user: authUser(data.user) } : { error: { message: 'Verification answered without a user', code: undefined } };
      }
      // The client read the implicit flow's fragment while starting (detectSessionInUrl).
      const { data, error } = await client.auth.getSession();
      if (error) return { error: failure(error) };
      return data.session ? { user: authUser(data.session.user) } : { error: { message: EMAIL_LINK_INVALID, code: 'otp_expired' } };
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
    async invoke(name, body = {}) {
      const result = await (await supabase()).functions.invoke(name, { body: { ...body } });
      // supabase-js types the error `any`: FunctionsHttpError carries the answer as `context`.
      const error: unknown = result.error;
      const data: unknown = result.data;
      if (error === null || error === undefined) return data;
      const answer: unknown = typeof error === 'object' && 'context' in error ? error.context : undefined;
      if (answer instanceof Response) throw new BackendFunctionError(name, answer.status, await errorCode(answer), { cause: error });
      throw new BackendFunctionError(name, undefined, undefined, { cause: error });
    },
  };

  const requestCancelOrRefund = async (action: HelpCentreAction, type: CancelRefundRequestType, language?: string): Promise<CancelRefundCounts> => {
    const name = action === 'cancelation' ? 'cancel-revenuecat-subscriptions' : 'refund-revenuecat-subscriptions';
    const result = await (await supabase()).functions.invoke(name, { body: language === undefined ? { type } : { type, language } });
    const error: unknown = result.error;
    if (error instanceof Error) throw new Error(`Function ${name} failed: ${error.message}`, { cause: error });
    const data: unknown = result.data;
    // The parser (and zod with it) loads with the first request: none of it in the funnel's first step.
    const { parseCancelRefundCounts } = await import('../help-centre/parse-cancel-refund-counts');
    return parseCancelRefundCounts(data, name);
  };

  return { auth, profiles, functions, requestCancelOrRefund, client: supabase };
}

/** GoTrue's message and code for a confirmation link that is bad, used or expired. */
const EMAIL_LINK_INVALID = 'Email link is invalid or has expired';
const USER_ALREADY_REGISTERED = 'User already registered';

/** The implicit flow's error fragment (`#error=...&error_code=...&error_description=...`), if any. */
function fragmentError(landing: EmailLinkLanding): AuthFailure | undefined {
  const fragment = new URLSearchParams(landing.hash.replace(/^#/, ''));
  const code = fragment.get('error_code');
  const description = fragment.get('error_description');
  if (code === null && description === null && fragment.get('error') === null) return undefined;
  return { message: description ?? EMAIL_LINK_INVALID, code: code ?? undefined };
}

/** The `error` code of a function's error body (`{error, message}`), if it has one. */
async function errorCode(answer: Response): Promise<string | undefined> {
  try {
    const body: unknown = await answer.clone().json();
    return typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}

function authUser(user: User): AuthUser {
  return { id: user.id, email: user.email };
}

function failure(error: { readonly message: string; readonly code?: string | undefined }): AuthFailure {
  return { message: error.message, code: error.code };
}
