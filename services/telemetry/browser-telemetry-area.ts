import type { AnalyticsEventMeta } from '../analytics/analytics-service';
import { createDeferredAnalytics } from '../analytics/deferred-analytics';
import { afterNextPaint } from '../after-next-paint';
import { afterRootSpinner } from '../after-root-spinner';
import type { Consent } from '../consent/consent';
import { CONSENT_DECISION_WAIT_MS, decidedConsent } from '../consent/decided-consent';
import { followConsent } from '../consent/follow-consent';
import { createDeferredErrorReporter } from '../errors/deferred-error-reporter';
import type { Platform } from '../platform';
import { consentGatedConversions } from '../tracking/consent-gated-conversions';
import { IDLE_TIMEOUT_MS, whenIdle } from '../when-idle';
import type { TelemetryArea } from './telemetry-area';

/**
 * Sentry, Snowplow and the Meta pixel, each its own chunk. Error reporting is on from the start (global
 * handlers, a queue) and fetches the Sentry SDK at the first error, as Sentry's own loader script does
 * (decision 0255): a visit without an error never downloads it. Snowplow and the pixel load once the
 * first step has painted and the root spinner is over; analytics keeps cookies and the pixel loads only
 * with consent.
 */
export function browserTelemetryArea(platform: Platform, consent: Consent): TelemetryArea {
  // Uncaught errors before the Sentry SDK loads go through the deferred reporter (the first one loads
  // it); once the SDK's own global handlers are installed these listeners leave, so nothing is
  // reported twice.
  const onEarlyError = (event: ErrorEvent): void => errors.report(event.error ?? new Error(event.message));
  const onEarlyRejection = (event: PromiseRejectionEvent): void => errors.report(event.reason);
  const errors = createDeferredErrorReporter(
    // Settings load with the SDK: nothing of either is in the entry chunk.
    () =>
      Promise.all([import('../errors/sentry-error-reporter'), import('../errors/error-reporting-settings')]).then(([{ createSentryErrorReporter }, { errorReportingSettings }]) =>
        createSentryErrorReporter(errorReportingSettings(platform.env, platform.origin)),
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
  const analytics = createDeferredAnalytics(
    () =>
      Promise.all([import('../analytics/snowplow-analytics'), import('../analytics/analytics-settings')])
        // Not in the task that evaluated the chunk: together they were one long task on a phone.
        .then(async (modules) => {
          await new Promise<void>((resolve) => afterNextPaint(resolve));
          return modules;
        })
        .then(([{ createSnowplowAnalytics }, { analyticsSettings }]) => {
          // Cookies only with consent; a later answer switches the running tracker over, either way.
          const tracker = createSnowplowAnalytics(analyticsSettings(platform.env, platform.origin), consent.state() === 'granted');
          followConsent(
            consent,
            () => tracker.allowCookies(),
            () => tracker.forbidCookies(),
          );
          return tracker;
        }),
    platform.log,
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
  const eventMeta = (): AnalyticsEventMeta => ({ timestamp: Date.now(), language: document.documentElement.lang || navigator.language });
  // The pixel and its adapters are their own chunk, loaded after the first page has shown.
  const conversions = consentGatedConversions(
    consent,
    () =>
      Promise.all([import('../tracking/browser-conversion-tracking'), import('../tracking/meta-pixel-settings')]).then(([{ createBrowserConversionTracking }, { metaPixelSettings }]) =>
        createBrowserConversionTracking({
          window,
          settings: metaPixelSettings(platform.env, platform.origin),
          local: platform.local.storage,
          backendFunctions: platform.supabase.functions,
          productApi: platform.productApi,
          supabase: platform.supabase.client,
          reportError,
        }),
      ),
    reportError,
  );
  let started = false;
  return {
    reportError,
    recordPageView: (url) => analytics.pageView(url, document.title, eventMeta()),
    trackOnboardingEvent: (event) => analytics.onboardingEvent(event, eventMeta()),
    recordFlagExposure: (exposure) => analytics.flagExposure(exposure, eventMeta()),
    startTelemetry: () => {
      // Every step's paint calls this; the first call does it all, once the root spinner is over too
      // (the first step paints under it): nothing below competes with what the visitor waits for.
      if (started) return;
      started = true;
      afterRootSpinner(document, () => {
        // The country lookup that decides consent waits for this moment too.
        consent.start();
        // Analytics starts once consent is decided (so a granted visitor's first page view carries
        // their ids), or after a short wait, anonymously.
        void decidedConsent(consent, CONSENT_DECISION_WAIT_MS).then(() => analytics.start());
        // The ad pixel starts at the same moment, so it never weighs on the first step.
        conversions.start();
      });
    },
    conversions,
  };
}
