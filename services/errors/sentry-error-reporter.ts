import {
  breadcrumbsIntegration,
  BrowserClient,
  captureException,
  dedupeIntegration,
  defaultStackParser,
  eventFiltersIntegration,
  getCurrentScope,
  globalHandlersIntegration,
  httpContextIntegration,
  linkedErrorsIntegration,
  makeFetchTransport,
} from '@sentry/react';
import type { ErrorReporter } from './error-reporter';
import type { ErrorReportingSettings } from './error-reporting-settings';
import { scrubPersonalData } from './scrub-personal-data';

/**
 * The real Sentry SDK (@sentry/react; its own lazy chunk), set up as Sentry's tree-shaking guide does:
 * a `BrowserClient` with the integrations named here, not `init`, which bundles every default
 * integration whether used or not (decision 0255). Kept: uncaught errors and rejections (global
 * handlers), error causes, duplicates dropped, breadcrumbs, the page's URL and user agent, Sentry's
 * noise filter. Left out: BrowserApiErrors (it wraps every listener, timer and frame callback, which
 * every tap pays for; an error thrown there still reaches the global handlers with its full stack),
 * release-health sessions, console capture, culture context and conversation ids.
 * Every event and breadcrumb passes the personal-data scrubber before it is sent; tracing is off.
 */
export function createSentryErrorReporter(settings: ErrorReportingSettings): ErrorReporter {
  const client = new BrowserClient({
    dsn: settings.dsn,
    environment: settings.environment,
    ...(settings.release === undefined ? {} : { release: settings.release }),
    tracesSampleRate: settings.tracesSampleRate,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [eventFiltersIntegration(), breadcrumbsIntegration(), globalHandlersIntegration(), linkedErrorsIntegration(), dedupeIntegration(), httpContextIntegration()],
    beforeSend: (event) => scrubPersonalData(event),
    beforeBreadcrumb: (breadcrumb) => scrubPersonalData(breadcrumb),
  });
  getCurrentScope().setClient(client);
  client.init();
  return { report: (error) => void captureException(error) };
}
