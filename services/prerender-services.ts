import type { AppServices } from './app-services';
import { supabaseAccountArea } from './account/supabase-account-area';
import { storedConsentArea } from './consent/stored-consent-area';
import { newVisitorFunnelArea } from './funnel/new-visitor-funnel-area';
import { staticPageArea } from './page/static-page-area';
import { memoryStorage } from './storage/memory-storage';
import { createSupabaseServices } from './supabase/create-supabase-services';
import { supabaseSettings } from './supabase/supabase-settings';
import { quietTelemetryArea } from './telemetry/quiet-telemetry-area';
import { wireAppServices } from './wire-app-services';

/** The origin the build renders for; page markup never contains it (all app links are paths). */
const BUILD_ORIGIN = 'http://prerender.invalid';

/**
 * The services of the build-time render (screens/prerender/render-first-steps.tsx): the app's wiring
 * (services/wire-app-services.ts) with the browser's consent and account areas over empty in-memory
 * storage, and build-time fakes for the rest, for a new visitor whose flag has no visitor id yet (its
 * default). Nothing that talks to the network can run at build time: the loaders reject and a log or
 * a reported error throws, so a route that needed one would fail the build instead of baking in a guess.
 * Consent is never started (no telemetry at build time): undecided, so no notice in the prerendered HTML.
 */
export function prerenderServices(): AppServices {
  const unavailable = (what: string) => (): Promise<never> => Promise.reject(new Error(`${what} is not available while prerendering`));
  const fail = (error: unknown): never => {
    throw error instanceof Error ? error : new Error(String(error));
  };
  return wireAppServices({
    platform: (reportError) => {
      const local = memoryStorage();
      return {
        env: import.meta.env,
        origin: BUILD_ORIGIN,
        local: { storage: local, persistent: true },
        session: { storage: memoryStorage(), persistent: true },
        log: (message, error) => fail(new Error(`${message} (while prerendering)`, { cause: error })),
        fetch: unavailable('fetch'),
        supabase: createSupabaseServices({ settings: supabaseSettings(import.meta.env, BUILD_ORIGIN), storage: local, loadSdk: unavailable('supabase-js') }),
        productApi: unavailable('the product API'),
        reportError,
      };
    },
    page: staticPageArea,
    consent: storedConsentArea,
    telemetry: () => quietTelemetryArea(fail),
    funnel: newVisitorFunnelArea,
    account: supabaseAccountArea,
    checkout: unavailable('the checkout'),
    helpCentre: unavailable('the help centre'),
  });
}
