import type { OpenedStorage } from '../storage/open-browser-storage';
import type { SupabaseServices } from '../supabase/create-supabase-services';
import { createProductApiServices, type ProductApiServices } from './create-product-api-services';

export interface BrowserProductApiDeps {
  /** The tab's session storage (the location's cache). */
  readonly session: OpenedStorage;
  readonly supabase: SupabaseServices;
  readonly reportError: (error: unknown) => void;
}

/**
 * createProductApiServices with this browser's origin, fetch, console and build settings: the lazy
 * chunk the composition root loads on first use (and keeps the one instance of). The root passes only
 * what it owns, which keeps its entry-chunk wiring as small as it can be (the bench's first-step figure).
 */
export function browserProductApi({ session, supabase, reportError }: BrowserProductApiDeps): ProductApiServices {
  return createProductApiServices({
    session: session.storage,
    supabase: supabase.client,
    reportError,
    log: (message, error) => console.warn(message, error),
    configuredUrl: import.meta.env.VITE_PRODUCT_API_URL,
    origin: window.location.origin,
    fetch: (input, init) => window.fetch(input, init),
  });
}
