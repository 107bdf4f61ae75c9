import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { useAppServices } from './app-services-context';
import { ErrorScreen } from './error-screen';

/**
 * Error boundary of routes whose loader calls the backend (auth session, subscriber record): a failed
 * call there is most often transient (network, a 503), so the page offers "Try again", which runs the
 * route's loaders again, instead of the generic error screen. A thrown response (4xx) still gets the
 * generic screen. The failure is reported either way.
 */
export function RetryErrorScreen() {
  const error = useRouteError();
  const { reportError } = useAppServices();
  const revalidator = useRevalidator();
  const { t } = useTranslation('common');
  useEffect(() => reportError(error), [error, reportError]);
  if (isRouteErrorResponse(error)) return <ErrorScreen error={error} />;
  const busy = revalidator.state !== 'idle';
  return (
    <main className="page retry-screen" aria-busy={busy}>
      <h1>{t('retry.heading')}</h1>
      <p role="alert">{t('retry.message')}</p>
      <div className="retry-screen__actions">
        <button type="button" className="primary-button" disabled={busy} onClick={() => void revalidator.revalidate()}>
          {t('error.tryAgain')}
        </button>
      </div>
    </main>
  );
}
