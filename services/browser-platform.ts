import type { Platform } from './platform';
import type { ProductApiServices } from './product-api/create-product-api-services';
import { openBrowserStorage } from './storage/open-browser-storage';
import { createSupabaseServices } from './supabase/create-supabase-services';
import { supabaseSettings } from './supabase/supabase-settings';

const log = (message: string, error: unknown): void => console.warn(message, error);

/** The browser's platform: window storage (in memory where it is blocked), import.meta.env, window.fetch. */
export function browserPlatform(reportError: (error: unknown) => void): Platform {
  // Reading window.localStorage itself throws where storage is blocked: only these two lines touch it.
  const local = openBrowserStorage(() => window.localStorage, log);
  const session = openBrowserStorage(() => window.sessionStorage, log);
  const supabase = createSupabaseServices({
    settings: supabaseSettings(import.meta.env, window.location.origin),
    storage: local.storage,
    // Its own chunk: only sign-up, the account area and signed-in visitors load it.
    loadSdk: () => import('@supabase/supabase-js'),
  });
  // One lazy chunk (location, net amounts, purchase value): the funnel's first step never needs it.
  let productApi: Promise<ProductApiServices> | undefined;
  return {
    env: import.meta.env,
    origin: window.location.origin,
    local,
    session,
    log,
    fetch: (input, init) => window.fetch(input, init),
    supabase,
    productApi: () =>
      (productApi ??= import('./product-api/browser-product-api').then(({ browserProductApi }) => browserProductApi({ session, supabase, reportError }))),
    reportError,
  };
}
