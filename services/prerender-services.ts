import type { i18n } from 'i18next';
import variants from 'virtual:flow-variants';
import { createFunnelFlowResolver } from './flags/resolve-funnel-flow';
import type { AppServices } from './composition-root';
import { sessionSignUpCache } from './account/sign-up-cache';
import { createSignedInDestination } from './account/signed-in-destination';
import { browserFunnelStorage } from './funnel/browser-funnel-storage';
import { supportEmail } from './help-centre/help-centre-settings';
import { legalLinks } from './legal/legal-links';
import type { ReceiptService } from './receipts/receipt-service';
import { memoryStorage } from './storage/memory-storage';
import { createSupabaseServices } from './supabase/create-supabase-services';
import { supabaseSettings } from './supabase/supabase-settings';
import { createStoredConsent } from './consent/stored-consent';

/** The origin the build renders for; page markup never contains it (all app links are paths). */
const BUILD_ORIGIN = 'http://prerender.invalid';

/**
 * The composition root of the build-time render (screens/prerender/render-first-steps.tsx): the same
 * service implementations as the browser's, over empty in-memory storage, for a new visitor whose
 * flag has no visitor id yet (its default). Nothing that talks to the network can run at build time: the SDK
 * loaders reject, so a route that needed one would fail the build instead of baking in a guess.
 */
export function prerenderServices(): AppServices {
  const local = memoryStorage();
  const session = memoryStorage();
  const log = (message: string, error: unknown): void => {
    throw new Error(`${message} (while prerendering)`, { cause: error });
  };
  const unavailable = (what: string) => (): Promise<never> => Promise.reject(new Error(`${what} is not available while prerendering`));
  const supabase = createSupabaseServices({
    settings: supabaseSettings(import.meta.env, BUILD_ORIGIN),
    storage: local,
    loadSdk: unavailable('supabase-js'),
  });
  const receipts: ReceiptService = { subscriber: unavailable('the receipt service') };
  const noop = (): void => {};
  return {
    createI18n: (): Promise<i18n> => unavailable('createI18n')(),
    visitorId: () => '',
    captureClickId: noop,
    // The browser's resolver (a new visitor, no id yet: the flag's default, without loading the SDK, which
    // the browser loads after the first step); a page of another flow is never reached through it.
    resolveFunnelFlow: createFunnelFlowResolver({
      variants,
      load: unavailable('the flag SDK'),
      storage: local,
      onExposure: noop,
      log: (message, error) => console.warn(message, error),
    }),
    funnelStorage: browserFunnelStorage(local, session, log),
    answersSurviveReload: true,
    browserLanguage: () => 'en',
    reportError: (error) => {
      throw error instanceof Error ? error : new Error(String(error));
    },
    recordPageView: noop,
    trackOnboardingEvent: noop,
    startTelemetry: noop,
    // Effects do not run in a static render, and nothing is painted at build time.
    afterStepPainted: noop,
    whenIdle: noop,
    prefersReducedMotion: () => false,
    readVisitorId: () => undefined,
    auth: supabase.auth,
    profiles: supabase.profiles,
    backendFunctions: supabase.functions,
    receipts,
    signedInDestination: createSignedInDestination({ auth: supabase.auth, receipts, now: () => new Date(), log }),
    signUpCache: sessionSignUpCache(session, log),
    payments: { stripe: unavailable('Stripe') },
    registerPurchase: unavailable('registerPurchase'),
    conversions: {
      start: noop,
      revoke: noop,
      completeRegistration: unavailable('conversions'),
      initiateCheckout: unavailable('conversions'),
      purchase: unavailable('conversions'),
    },
    productApi: unavailable('the product API'),
    checkout: unavailable('the checkout'),
    helpCentre: { supportEmail: supportEmail(import.meta.env), request: supabase.requestCancelOrRefund },
    // Never started here (no telemetry at build time): undecided, so no notice in the prerendered HTML.
    consent: createStoredConsent({ storage: local, country: unavailable('the location'), log }),
    legalLinks: legalLinks(import.meta.env),
  };
}
