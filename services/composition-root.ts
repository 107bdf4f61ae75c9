import type { i18n } from 'i18next';
import variants from 'virtual:flow-variants';
import { createI18n } from './i18n/create-i18n';
import { ensureVisitorId, readVisitorId } from './visitor/ensure-visitor-id';
import { captureFbclid } from './tracking/capture-fbclid';
import { createFunnelFlowResolver } from './flags/resolve-funnel-flow';
import { browserFunnelStorage } from './funnel/browser-funnel-storage';
import type { FunnelStorage } from './funnel/funnel-storage';
import type { AuthService } from './account/auth-service';
import type { BackendFunctions } from './account/backend-functions';
import type { ProfileStore } from './account/profile-store';
import { sessionSignUpCache, type SignUpCache } from './account/sign-up-cache';
import { createSignedInDestination } from './account/signed-in-destination';
import type { ReceiptService } from './receipts/receipt-service';
import { receiptSettings } from './receipts/receipt-settings';
import { createSupabaseServices } from './supabase/create-supabase-services';
import { supabaseSettings } from './supabase/supabase-settings';
import type { PaymentsService } from './payments/payments-service';
import { paymentsSettings } from './payments/payments-settings';
import { openBrowserStorage } from './storage/open-browser-storage';

/** Everything the screens need from the outside world. Screens receive this; they never import an implementation. */
export interface AppServices {
  readonly createI18n: () => Promise<i18n>;
  /** The visitor cookie value (created on the first call). */
  readonly visitorId: () => string;
  /** Stores `fbc` when the landing URL carries `fbclid`. */
  readonly captureClickId: (url: URL) => void;
  /** Flow id for the visitor from the flag `cc-feedback-redesign`; 'default' on any error or timeout. */
  readonly resolveFunnelFlow: (visitorId: string) => Promise<string>;
  readonly funnelStorage: FunnelStorage;
  /**
   * False when the browser refuses local storage (private mode, some ad apps' webviews): answers are
   * then kept in memory for the visit and the funnel says they will not survive a reload.
   */
  readonly answersSurviveReload: boolean;
  /** The browser language, for unit defaults (spec: "contains US" means imperial). */
  readonly browserLanguage: () => string;
  /** Route and render errors. The error reporter is wired here when it lands; until then the console. */
  readonly reportError: (error: unknown) => void;
  /** Called on every location change (the analytics tracker is wired here when it lands). */
  readonly recordPageView: (url: string) => void;
  /** Whether the visitor asked the system for less motion (confetti is skipped, the funnel still advances). */
  readonly prefersReducedMotion: () => boolean;
  /** The visitor cookie value without creating it (sign-up reports a missing cookie). */
  readonly readVisitorId: () => string | undefined;
  /** Sign-up, sign-in, session (supabase-js, loaded on first use). */
  readonly auth: AuthService;
  readonly profiles: ProfileStore;
  readonly backendFunctions: BackendFunctions;
  /** The receipt service's subscriber records (RevenueCat). */
  readonly receipts: ReceiptService;
  /** The shared funnel-entry check: where a signed-in visitor goes instead of the funnel, if anywhere. */
  readonly signedInDestination: () => Promise<string | undefined>;
  /** Session-scoped sign-up values (password between steps, e-mail and id after). */
  readonly signUpCache: SignUpCache;
  /** The card payment provider for the payment pages (Stripe.js or the local sandbox). */
  readonly payments: PaymentsService;
}

const log = (message: string, error: unknown): void => console.warn(message, error);

/** The one place that picks service implementations for the browser. */
export function createAppServices(): AppServices {
  const reportError = (error: unknown): void => console.error('App error', error);
  // Reading window.localStorage itself throws where storage is blocked: only these two lines touch it.
  const local = openBrowserStorage(() => window.localStorage, log);
  const session = openBrowserStorage(() => window.sessionStorage, log);
  const supabase = createSupabaseServices({
    settings: supabaseSettings(import.meta.env, window.location.origin),
    storage: local.storage,
    // Its own chunk: only sign-up, the account area and signed-in visitors load it.
    loadSdk: () => import('@supabase/supabase-js'),
  });
  // The client and its response parser load with the first lookup (signed-in visitors only).
  let receiptService: Promise<ReceiptService> | undefined;
  const loadReceiptService = (): Promise<ReceiptService> =>
    (receiptService ??= import('./receipts/revenuecat-receipt-service').then(({ createRevenueCatReceiptService }) =>
      createRevenueCatReceiptService({
        settings: receiptSettings(import.meta.env, window.location.origin),
        fetch: (input, init) => window.fetch(input, init),
        reportError,
      }),
    ));
  const receipts: ReceiptService = { subscriber: async (appUserId) => (await loadReceiptService()).subscriber(appUserId) };
  // Stripe code is its own chunk, loaded by the payment pages only (never with the funnel).
  let stripe: ReturnType<PaymentsService['stripe']> | undefined;
  const loadPayments = (): ReturnType<PaymentsService['stripe']> => {
    const settings = paymentsSettings(import.meta.env, window.location.origin);
    const loading =
      settings.provider === 'stripe'
        ? import('./payments/load-stripe-js').then(({ loadStripeJs }) => loadStripeJs(settings.publishableKey))
        : import('./payments/sandbox/load-sandbox-stripe').then(({ loadSandboxStripe }) =>
            loadSandboxStripe({
              publishableKey: settings.publishableKey,
              stackUrl: settings.stackUrl,
              window,
              navigate: (url) => window.location.assign(url),
              fetch: (input, init) => window.fetch(input, init),
            }),
          );
    // A failed script load must not stick: the next payment page tries again.
    loading.catch(() => (stripe = undefined));
    return loading;
  };
  return {
    createI18n,
    visitorId: () => ensureVisitorId(document),
    captureClickId: (url) => captureFbclid(url, local.storage, Date.now),
    resolveFunnelFlow: createFunnelFlowResolver({
      variants,
      // Imported on first use so the flag provider stays out of the entry chunk.
      createProvider: async () => {
        const { LocalVariantsProvider } = await import('./flags/local-variants-provider');
        return new LocalVariantsProvider(variants);
      },
      log,
    }),
    funnelStorage: browserFunnelStorage(local.storage, session.storage, log),
    answersSurviveReload: local.persistent,
    browserLanguage: () => navigator.language,
    reportError,
    recordPageView: () => {},
    prefersReducedMotion: () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    readVisitorId: () => readVisitorId(document),
    auth: supabase.auth,
    profiles: supabase.profiles,
    backendFunctions: supabase.functions,
    receipts,
    signedInDestination: createSignedInDestination({ auth: supabase.auth, receipts, now: () => new Date(), log }),
    signUpCache: sessionSignUpCache(session.storage, log),
    payments: { stripe: () => (stripe ??= loadPayments()) },
  };
}
