import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse } from 'react-router';

/**
 * The generic error screen: heading, "an error occurred", the error's status text (translated) or
 * message in italics, and ways out: try again (a reload, for anything but a 4xx answer, which would
 * only repeat) and back to the start. Plain links and a reload rather than router navigation: this
 * screen also shows outside the router, and a fresh page is the surest recovery from a broken state.
 */
export function ErrorScreen({ error }: { readonly error: unknown }) {
  const { t } = useTranslation('common');
  const detail = isRouteErrorResponse(error)
    ? error.status === 404
      ? t('error.notFound')
      : t('error.status', { status: error.status })
    : errorDetail(error);
  const canRetry = !(isRouteErrorResponse(error) && error.status >= 400 && error.status < 500);
  return (
    <main className="page error-screen">
      <h1>{t('error.heading')}</h1>
      <p>{t('error.message')}</p>
      {detail ? (
        <p>
          <i>{detail}</i>
        </p>
      ) : null}
      <div className="error-screen__actions">
        {canRetry ? (
          <button type="button" className="primary-button" onClick={() => window.location.reload()}>
            {t('error.tryAgain')}
          </button>
        ) : null}
        {/* The query string is kept: ad parameters must survive the way back into the funnel. */}
        <a className={canRetry ? 'error-screen__link' : 'primary-button'} href={`/${window.location.search}`}>
          {t('error.startAgain')}
        </a>
      </div>
    </main>
  );
}

/** The text shown in italics for any thrown value. */
export function errorDetail(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return '';
}
