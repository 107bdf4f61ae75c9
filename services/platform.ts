import type { SupabaseServices } from './supabase/create-supabase-services';
import type { OpenedStorage } from './storage/open-browser-storage';
import type { ProductApiServices } from './product-api/create-product-api-services';

/**
 * What the areas share and what differs between the browser and the build-time render: the storage,
 * the settings, the one supabase-js client and the product API. Each area's factory builds on it.
 */
export interface Platform {
  readonly env: ImportMetaEnv;
  /** The page's origin (settings resolve local-stack paths against it). */
  readonly origin: string;
  readonly local: OpenedStorage;
  readonly session: OpenedStorage;
  readonly log: (message: string, error: unknown) => void;
  readonly fetch: typeof fetch;
  /** Auth, profiles and backend functions over one client (supabase-js loads on first use). */
  readonly supabase: SupabaseServices;
  /** The product API and the exchange rates, one lazy chunk loaded on first use. */
  readonly productApi: () => Promise<ProductApiServices>;
  /** The telemetry area's reporter (bound late: the reporter itself is built on the platform). */
  readonly reportError: (error: unknown) => void;
}
