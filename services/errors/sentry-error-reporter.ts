import { captureException, init } from '@sentry/react';
import type { ErrorReporter } from './error-reporter';
import type { ErrorReportingSettings } from './error-reporting-settings';
import { scrubPersonalData } from './scrub-personal-data';

/**
 * The real Sentry SDK (@sentry/react; its own lazy chunk). Every event and breadcrumb passes the
 * personal-data scrubber before it is sent; tracing is off (sample rate 0, no tracing integration).
 * Without BrowserApiErrors: it wraps every listener, timer and frame callback of the page in Sentry's
 * own function, which every tap pays for in main-thread time; an error thrown there still reaches
 * Sentry through its global handlers, with the full stack (the scripts are same-origin).
 */
export function createSentryErrorReporter(settings: ErrorReportingSettings): ErrorReporter {
  init({
    dsn: settings.dsn,
    environment: settings.environment,
    ...(settings.release === undefined ? {} : { release: settings.release }),
    tracesSampleRate: settings.tracesSampleRate,
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'BrowserApiErrors'),
    beforeSend: (event) => scrubPersonalData(event),
    beforeBreadcrumb: (breadcrumb) => scrubPersonalData(breadcrumb),
  });
  return { report: (error) => void captureException(error) };
}
