import { captureException, init } from '@sentry/react';
import type { ErrorReporter } from './error-reporter';
import type { ErrorReportingSettings } from './error-reporting-settings';
import { scrubPersonalData } from './scrub-personal-data';

/**
 * The real Sentry SDK (@sentry/react; its own lazy chunk). Every event and breadcrumb passes the
 * personal-data scrubber before it is sent; tracing is off (sample rate 0, no tracing integration).
 */
export function createSentryErrorReporter(settings: ErrorReportingSettings): ErrorReporter {
  init({
    dsn: settings.dsn,
    environment: settings.environment,
    ...(settings.release === undefined ? {} : { release: settings.release }),
    tracesSampleRate: settings.tracesSampleRate,
    beforeSend: (event) => scrubPersonalData(event),
    beforeBreadcrumb: (breadcrumb) => scrubPersonalData(breadcrumb),
  });
  return { report: (error) => void captureException(error) };
}
