import { useTranslation } from 'react-i18next';

/** The app's loading indicator: a status region so screen readers announce it. */
export function LoadingSpinner() {
  const { t } = useTranslation('common');
  return (
    <div className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
