import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';
import { useTelemetryArea } from './areas/area-contexts';

/**
 * Error boundary of routes whose loader calls the backend (auth session, subscriber record): a failed
 * call there is most often transient (network, a 503), so the page offers "Try again" instead of the
 * generic error screen. Try again reloads the page rather than revalidating the route: after a long
 * auth-server outage, supabase-js's client in the page did not recover (a revalidated loader never
 * settled, seen in tests/e2e/dead-ends.spec.ts), and a fresh page is the surest recovery. A thrown response (4xx) still gets the
 * generic screen. The failure is reported either way.
 */
export function RetryErrorScreen() {
  const error = useRouteError();
  const { reportError } = useTelemetryArea();
  const { t } = useTranslation('common');
  useEffect(() => reportError(error), [error, reportError]);
  if (isRouteErrorResponse(error)) return <ErrorScreen error={error} />;
  return (
    <main className="page retry-screen">
      <h1>{t('retry.heading')}</h1>
      <p role="alert">{t('retry.message')}</p>
      <div className="retry-screen__actions">
        <button type="button" className="primary-button" onClick={() => window.location.reload()}>
          {t('error.tryAgain')}
        </button>
      </div>
    </main>
  );
}
