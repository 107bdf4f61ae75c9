/**
 * The anon key of the local stack with its well-known local JWT secret (server/config.ts
 * LOCAL_JWT_SECRET, fixed iat/exp in server/api-keys.ts), like the fixed anon key of `supabase start`.
 * It is public by design (role anon; RLS decides what it may do), so a plain `npm start` build works
 * with no setup. A deployment sets VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY at build time.
 * tests/unit/services/supabase-settings.test.ts proves it matches what the server derives.
 */
export const LOCAL_STACK_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiIsImlzcyI6InN1cGFiYXNlLWRlbW8iLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6MjAwMDAwMDAwMH0.ZxBhVEYye2lqm5NDdkey-JP6uTHcqvZriXUoBtyQniY';

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
