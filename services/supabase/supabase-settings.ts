import { LOCAL_STACK_ANON_KEY } from '../../engine/local-stack-defaults';

// Defined in engine/, where the build's production check reads it too; the settings' callers read it here.
export { LOCAL_STACK_ANON_KEY };
export interface SupabaseSettings {
  readonly url: string;
  readonly anonKey: string;
  /** Where supabase-js keeps the session in localStorage (also read without loading the SDK). */
  readonly storageKey: string;
}

/** The build-time variables this reads (Vite's `import.meta.env`). */
export interface SupabaseEnv {
  readonly VITE_SUPABASE_URL?: string | undefined;
  readonly VITE_SUPABASE_ANON_KEY?: string | undefined;
}

/**
 * Supabase settings for the browser: the build's variables, else the page's own origin (the local
 * stack serves the app and the Supabase paths from one process) and the local anon key.
 */
export function supabaseSettings(env: SupabaseEnv, origin: string): SupabaseSettings {
  const url = nonEmpty(env.VITE_SUPABASE_URL) ?? origin;
  return {
    url,
    anonKey: nonEmpty(env.VITE_SUPABASE_ANON_KEY) ?? LOCAL_STACK_ANON_KEY,
    // supabase-js's own default key, spelled out so the session check can look for it without the SDK.
    storageKey: `sb-${new URL(url).hostname.split('.')[0]}-auth-token`,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
