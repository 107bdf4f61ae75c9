import type { i18n } from 'i18next';
import variants from 'virtual:flow-variants';
import { createI18n } from './i18n/create-i18n';
import { ensureVisitorId, readVisitorId } from './visitor/ensure-visitor-id';
import { captureFbclid } from './visitor/capture-fbclid';
import { createFunnelFlowResolver } from './flags/resolve-funnel-flow';
import { loadFunnelFlagClient } from './flags/load-funnel-flag-provider';
import { peekBootFlagVariant } from './flags/boot-flag-resolve';
import { browserFunnelStorage } from './funnel/browser-funnel-storage';
import type { FunnelStorage } from './funnel/funnel-storage';
import type { AuthService } from './account/auth-service';
import type { BackendFunctions } from './account/backend-functions';
import type { ProfileStore } from './account/profile-store';
import { sessionSignUpCache, type SignUpCache } from './account/sign-up-cache';
import { createSignedInDestination } from './account/signed-in-destination';
import type { PurchaseDetails } from '../engine/payment-completion-machine';
import type { HelpCentreService } from './help-centre/help-centre-service';
import { supportEmail } from './help-centre/help-centre-settings';
import type { ReceiptService } from './receipts/receipt-service';
import { createSupabaseServices } from './supabase/create-supabase-services';
import { supabaseSettings } from './supabase/supabase-settings';
import type { PaymentsService } from './payments/payments-service';
import { openBrowserStorage } from './storage/open-browser-storage';
import type { ConversionTracking } from './tracking/conversion-tracking';
import type { CheckoutServices } from './checkout/checkout-services';
import type { OnboardingEvent } from '../engine/onboarding-event';
import type { AnalyticsEventMeta } from './analytics/analytics-service';
import { createDeferredAnalytics } from './analytics/deferred-analytics';
import { createDeferredErrorReporter } from './errors/deferred-error-reporter';
import type { ProductApiServices } from './product-api/create-product-api-services';
import type { Consent, ConsentState } from './consent/consent';
import { createStoredConsent } from './consent/stored-consent';
import { legalLinks, type LegalLinks } from './legal/legal-links';
import { afterNextPaint } from './after-next-paint';
import { whenIdle } from './when-idle';
import { afterRootSpinner } from './after-root-spinner';

/** Everything the screens need from the outside world. Screens receive this; they never import an implementation. */
export interface AppServices {
  readonly createI18n: () => Promise<i18n>;
  /** The visitor cookie value (created on the first call; the same for the rest of the page). */
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
  /** Reports an error to the error reporter (Sentry) and logs it; starts the reporter when it is not yet loaded. */
  readonly reportError: (error: unknown) => void;
  /** Called on every location change: an analytics page view. */
  readonly recordPageView: (url: string) => void;
  /** An answered funnel step (the spec's onboarding_event). */
  readonly trackOnboardingEvent: (event: OnboardingEvent) => void;
  /**
   * Loads the analytics tracker and the error reporter (each its own chunk), once: called when the
   * first step has painted, so neither is in the first step's critical path. Calls made earlier wait.
   * It starts the ad pixel (`conversions.start`) at the same moment.
   */
  readonly startTelemetry: () => void;
  /**
   * Runs `task` once the step on screen has been painted, on the page's first step only after the root
   * spinner has ended too: for work the visitor does not wait for (the next step's chunk and images),
   * which must not compete with what paints this one.
   */
  readonly afterStepPainted: (task: () => void) => void;
  /** Runs `task` when the main thread is idle, at the latest after `timeoutMs`: for work nobody waits for. */
  readonly whenIdle: (task: () => void, timeoutMs: number) => void;
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
  /**
   * Registers a completed purchase with the ad platforms: pixel `Purchase` and `purchase_2` and the
   * server event through `track-event`, with the PaymentIntent id as the event id. The
   * payment-completion machine calls it once per purchase (its `registeringPurchase` step).
   */
  readonly registerPurchase: (purchase: PurchaseDetails) => Promise<void>;
  /**
   * The ad platform's conversions (Meta pixel and server events through `track-event`). `start` loads
   * the pixel (PageView) once the first page has shown; the events never reject or block.
   */
  readonly conversions: ConversionTracking;
  /**
   * The product API and the exchange rates, loaded on first use (one lazy chunk, so the funnel's
   * first step does not carry it):
   * - `location.location()`: the visitor's location (GET /api/v1/geolocation), looked up once per
   *   session and cached in session storage as city, countrycode, currency, zipcode; its `currency`
   *   prices the plans (eur when unknown);
   * - `netAmount(request)`: POST /api/v1/net_amounts, minor units; undefined on failure (reported with
   *   the four values, nothing shown);
   * - `purchaseValue(currency)`: the purchase value for tracking, 64.98 x the latest fx_rates rate
   *   (engine/purchase-value.ts), 64.98 eur without one (a failed lookup is reported).
   */
  readonly productApi: () => Promise<ProductApiServices>;
  /** The product the plans page sells and its session state (countdown, offer), loaded with the plans page. */
  readonly checkout: () => Promise<CheckoutServices>;
  /** The help centre: the support address and the cancel / refund requests. */
  readonly helpCentre: HelpCentreService;
  /**
   * Consent for the ad pixel and analytics cookies (issue 12 section 5): the root layout shows the
   * notice while it says `ask`. Until `granted` the pixel does not load, no ad-platform event is sent,
   * and analytics tracks without cookies.
   */
  readonly consent: Consent;
  /** Terms of Use and Privacy Policy URLs (VITE_TERMS_URL, VITE_PRIVACY_URL). */
  readonly legalLinks: LegalLinks;
}

/**
 * How long analytics waits for the consent state before starting without cookies anyway (its events
 * are queued meanwhile, none is lost): the country lookup that decides it is one small request.
 */
export const CONSENT_DECISION_WAIT_MS = 2000;
/**
 * How long a conversion waits for the consent decision before it is dropped as not consented: the
 * payment-completion step awaits the purchase, and no step may wait on tracking for more than 1 s.
 */
export const CONVERSION_CONSENT_WAIT_MS = 1000;
/** Work nobody waits for (analytics events, timestamped when recorded; the flag SDK) waits for an idle moment at most this long. */
const IDLE_TIMEOUT_MS = 1000;

const log = (message: string, error: unknown): void => console.warn(message, error);

/** The one place that picks service implementations for the browser. */
export function createAppServices(): AppServices {
  // Uncaught errors before the Sentry SDK loads go through the deferred reporter; once the SDK's own
  // global handlers are installed these listeners leave, so nothing is reported twice.
  const onEarlyError = (event: ErrorEvent): void => errors.report(event.error ?? new Error(event.message));
  const onEarlyRejection = (event: PromiseRejectionEvent): void => errors.report(event.reason);
  const errors = createDeferredErrorReporter(
    // Settings load with the SDK: nothing of either is in the entry chunk.
    () =>
      Promise.all([import('./errors/sentry-error-reporter'), import('./errors/error-reporting-settings')]).then(([{ createSentryErrorReporter }, { errorReportingSettings }]) =>
        createSentryErrorReporter(errorReportingSettings(import.meta.env, window.location.origin)),
      ),
    (message, error) => console.error(message, error),
    () => {
      window.removeEventListener('error', onEarlyError);
      window.removeEventListener('unhandledrejection', onEarlyRejection);
    },
  );
  window.addEventListener('error', onEarlyError);
  window.addEventListener('unhandledrejection', onEarlyRejection);
  const reportError = (error: unknown): void => errors.report(error);
  // Reading window.localStorage itself throws where storage is blocked: only these two lines touch it.
  const local = openBrowserStorage(() => window.localStorage, log);
  const session = openBrowserStorage(() => window.sessionStorage, log);
  const consent = createStoredConsent({
    storage: local.storage,
    country: async () => (await loadProductApi()).location.location().then((location) => location.countryCode),
    log,
  });
  /**
   * Runs `granted` when consent is granted (now, or whenever the visitor accepts) and `denied` whenever
   * it is refused: the cookie settings can change the answer at any time, both ways.
   */
  const followConsent = (granted: () => void, denied: () => void): void => {
    const apply = (): void => {
      const state = consent.state();
      if (state === 'granted') granted();
      else if (state === 'denied') denied();
    };
    apply();
    consent.subscribe(apply);
  };
  const analytics = createDeferredAnalytics(
    () =>
      Promise.all([import('./analytics/snowplow-analytics'), import('./analytics/analytics-settings')])
        // Not in the task that evaluated the chunk: together they were one long task on a phone.
        .then(async (modules) => {
          await new Promise<void>((resolve) => afterNextPaint(resolve));
          return modules;
        })
        .then(([{ createSnowplowAnalytics }, { analyticsSettings }]) => {
          // Cookies only with consent; a later answer switches the running tracker over, either way.
          const tracker = createSnowplowAnalytics(analyticsSettings(import.meta.env, window.location.origin), consent.state() === 'granted');
          followConsent(
            () => tracker.allowCookies(),
            () => tracker.forbidCookies(),
          );
          return tracker;
        }),
    log,
    // After the paint, and then when idle: a tap's answer is recorded in the click, and the frame after
    // it is not yet the next question's (React renders that in the following tasks).
    (task) => afterNextPaint(() => whenIdle(task, IDLE_TIMEOUT_MS)),
    (task) => {
      window.addEventListener('pagehide', task);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') task();
      });
    },
  );
  /**
   * The consent state once decided (starting the decision if nothing has yet: a conversion on a page
   * that has not painted a step), or whatever it is after `ms`.
   */
  const decidedConsent = (ms: number): Promise<ConsentState> => {
    consent.start();
    if (consent.state() !== 'undecided') return Promise.resolve(consent.state());
    return new Promise((resolve) => {
      const timer = window.setTimeout(() => {
        unsubscribe();
        resolve(consent.state());
      }, ms);
      const unsubscribe = consent.subscribe(() => {
        window.clearTimeout(timer);
        unsubscribe();
        resolve(consent.state());
      });
    });
  };
  // Analytics starts once consent is decided (so a granted visitor's first page view carries their
  // ids), or after a short wait, anonymously.
  const startAnalytics = (): void => void decidedConsent(CONSENT_DECISION_WAIT_MS).then(() => analytics.start());
  const eventMeta = (): AnalyticsEventMeta => ({ timestamp: Date.now(), language: document.documentElement.lang || navigator.language });
  const supabase = createSupabaseServices({
    settings: supabaseSettings(import.meta.env, window.location.origin),
    storage: local.storage,
    // Its own chunk: only sign-up, the account area and signed-in visitors load it.
    loadSdk: () => import('@supabase/supabase-js'),
  });
  // The client and its response parser load with the first lookup (signed-in visitors only).
  let receiptService: Promise<ReceiptService> | undefined;
  const loadReceiptService = (): Promise<ReceiptService> =>
    (receiptService ??= Promise.all([import('./receipts/revenuecat-receipt-service'), import('./receipts/receipt-settings')]).then(([{ createRevenueCatReceiptService }, { receiptSettings }]) =>
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
    const loading = import('./payments/payments-settings').then(({ paymentsSettings }) => {
      const settings = paymentsSettings(import.meta.env, window.location.origin);
      return settings.provider === 'stripe'
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
    });
    // A failed script load must not stick: the next payment page tries again.
    loading.catch(() => (stripe = undefined));
    return loading;
  };
  // One lazy chunk (location, net amounts, purchase value): the funnel's first step never needs it.
  let productApi: Promise<ProductApiServices> | undefined;
  const loadProductApi = (): Promise<ProductApiServices> =>
    (productApi ??= import('./product-api/browser-product-api').then(({ browserProductApi }) => browserProductApi({ session, supabase, reportError })));
  // The plans page's product and session state: its own chunk, built once.
  let checkout: Promise<CheckoutServices> | undefined;
  const loadCheckout = (): Promise<CheckoutServices> => {
    checkout ??= import('./checkout/checkout-services').then(({ createCheckoutServices }) => createCheckoutServices(import.meta.env, session.storage, log));
    checkout.catch(() => (checkout = undefined));
    return checkout;
  };
  // The pixel and its adapters are their own chunk, loaded after the first page has shown.
  let tracking: Promise<ConversionTracking> | undefined;
  const loadTracking = (): Promise<ConversionTracking> => {
    tracking ??= Promise.all([import('./tracking/browser-conversion-tracking'), import('./tracking/meta-pixel-settings')]).then(([{ createBrowserConversionTracking }, { metaPixelSettings }]) =>
      createBrowserConversionTracking({
        window,
        settings: metaPixelSettings(import.meta.env, window.location.origin),
        local: local.storage,
        backendFunctions: supabase.functions,
        productApi: loadProductApi,
        supabase: supabase.client,
        reportError,
      }),
    );
    // A chunk that failed to load (flaky network) must not stick.
    tracking.catch((error: unknown) => {
      tracking = undefined;
      reportError(error);
    });
    return tracking;
  };
  let telemetryStarted = false;
  // Read (and the cookie's lifetime refreshed) once per page: every step's loader asks for it, and a
  // cookie read and write on each tap is main-thread time between the tap and the next question.
  let visitorId: string | undefined;
  // Only with consent: the pixel loads when it is granted (maybe later, from the notice); a conversion
  // without it sends nothing to the ad platform, neither the pixel event nor the server event.
  // A conversion on a freshly loaded page (the payment's return) may come before the decision: it waits
  // for it, at most CONVERSION_CONSENT_WAIT_MS (the location is usually cached for the session by then).
  const withConsent = async (): Promise<ConversionTracking | undefined> =>
    (await decidedConsent(CONVERSION_CONSENT_WAIT_MS)) === 'granted' ? loadTracking().catch(() => undefined) : undefined;
  // Withdrawn after it loaded: the pixel is revoked; never loaded: there is nothing to stop.
  const revokePixel = (): void => void tracking?.then((loaded) => loaded.revoke(), () => undefined);
  const conversions: ConversionTracking = {
    start: () =>
      followConsent(
        () => void loadTracking().then((loaded) => loaded.start(), () => undefined),
        revokePixel,
      ),
    revoke: revokePixel,
    completeRegistration: async (account) => (await withConsent())?.completeRegistration(account),
    initiateCheckout: async (checkout) => (await withConsent())?.initiateCheckout(checkout),
    purchase: async (purchase) => (await withConsent())?.purchase(purchase),
  };
  return {
    createI18n,
    visitorId: () => (visitorId ??= ensureVisitorId(document)),
    captureClickId: (url) => captureFbclid(url, local.storage, Date.now),
    resolveFunnelFlow: createFunnelFlowResolver({
      variants,
      // The SDK and Confidence's provider are their own chunks, loaded with the first lookup (a
      // visitor whose variant is remembered never loads them).
      load: (signal) => loadFunnelFlagClient({ env: import.meta.env, origin: window.location.origin, fetch: (input, init) => window.fetch(input, init), signal, log }),
      // The boot script's lookup decides the flow; the SDK follows once the first step is usable
      // (issue 14: not needed to paint or answer the first question).
      early: {
        read: (visitorId) => peekBootFlagVariant(visitorId),
        later: (evaluate) => afterRootSpinner(document, () => whenIdle(evaluate, IDLE_TIMEOUT_MS)),
      },
      storage: local.storage,
      onExposure: (exposure) => analytics.flagExposure(exposure, eventMeta()),
      log,
    }),
    funnelStorage: browserFunnelStorage(local.storage, session.storage, log),
    answersSurviveReload: local.persistent,
    browserLanguage: () => navigator.language,
    reportError,
    recordPageView: (url) => analytics.pageView(url, document.title, eventMeta()),
    trackOnboardingEvent: (event) => analytics.onboardingEvent(event, eventMeta()),
    startTelemetry: () => {
      // Every step's paint calls this; the first call does it all, once the root spinner is over too
      // (the first step paints under it): nothing below competes with what the visitor waits for.
      if (telemetryStarted) return;
      telemetryStarted = true;
      afterRootSpinner(document, () => {
        // The country lookup that decides consent waits for this moment too.
        consent.start();
        startAnalytics();
        errors.start();
        // The ad pixel (a separate service) starts at the same moment, so it never weighs on the first step.
        conversions.start();
      });
    },
    afterStepPainted: (task) => afterRootSpinner(document, () => afterNextPaint(task)),
    whenIdle,
    prefersReducedMotion: () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    readVisitorId: () => readVisitorId(document),
    auth: supabase.auth,
    profiles: supabase.profiles,
    backendFunctions: supabase.functions,
    receipts,
    signedInDestination: createSignedInDestination({ auth: supabase.auth, receipts, now: () => new Date(), log }),
    signUpCache: sessionSignUpCache(session.storage, log),
    payments: { stripe: () => (stripe ??= loadPayments()) },
    conversions,
    registerPurchase: (purchase) => conversions.purchase(purchase),
    productApi: loadProductApi,
    checkout: loadCheckout,
    helpCentre: { supportEmail: supportEmail(import.meta.env), request: supabase.requestCancelOrRefund },
    consent,
    legalLinks: legalLinks(import.meta.env),
  };
}
