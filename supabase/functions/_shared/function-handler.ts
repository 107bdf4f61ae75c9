import type { PostgrestClient } from '@supabase/postgrest-js';
import type Stripe from 'stripe';
import type { RevenueCatClient } from './revenuecat-client.ts';

/**
 * The contract between an Edge Function's code and whatever runs it. A handler is Web-standard
 * `(Request, deps) => Promise<Response>`; the runner verifies the caller's JWT first and injects
 * everything the handler touches, so the same file runs on the local stack (server/functions/) and on
 * Supabase (each function's index.ts: `Deno.serve(edgeFunction(...))`, see edge-function.ts).
 */
export interface FunctionUser {
  /** auth.users id (the JWT's `sub`); also the RevenueCat app user id. */
  readonly id: string;
  readonly email: string | null;
  readonly role: string;
  readonly claims: Readonly<Record<string, unknown>>;
}

/** The database as the signed-in user: requests carry their JWT, so row-level security applies. */
export type UserDatabase = Pick<PostgrestClient, 'from'>;

/** What every function gets, with or without a verified caller. */
export interface PublicFunctionDeps {
  /** Bypasses RLS; present only for functions that declare `needsServiceRole`. */
  readonly serviceDb: UserDatabase | undefined;
  readonly revenueCat: RevenueCatClient;
  /** The `stripe` SDK, from STRIPE_SECRET_KEY and STRIPE_API_URL (see stripe-client.ts). */
  readonly stripe: Stripe;
  readonly env: (name: string) => string | undefined;
  /** Outbound HTTP for vendor APIs without an SDK client here (the local stack answers its own URL in-process). */
  readonly fetch: typeof fetch;
}

export interface FunctionDeps extends PublicFunctionDeps {
  readonly user: FunctionUser;
  /** The caller's access token, for calls made on the user's behalf. */
  readonly accessToken: string;
  readonly db: UserDatabase;
}

export type FunctionHandler = (request: Request, deps: FunctionDeps) => Promise<Response>;

/**
 * For functions deployed with `verify_jwt = false` (supabase/config.toml), such as webhooks whose
 * caller (Stripe) sends no JWT: no user, so the handler must authenticate the request itself.
 */
export type PublicFunctionHandler = (request: Request, deps: PublicFunctionDeps) => Promise<Response>;

export interface FunctionModule {
  /** Runs after the caller's JWT is verified (the default, `verify_jwt = true`). */
  readonly handler?: FunctionHandler;
  /** Runs without JWT verification; only for functions with `verify_jwt = false`. */
  readonly publicHandler?: PublicFunctionHandler;
  /** Ask for `deps.serviceDb`; without it a handler cannot reach past RLS. */
  readonly needsServiceRole?: boolean;
}
