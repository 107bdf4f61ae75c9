import { useTranslation } from 'react-i18next';

/**
 * Placeholder for /sign-up/password and /sign-up/preparing, the routes the funnel exits to. The sign-up
 * issue replaces it; until then the funnel's end is visible and testable.
 */
export function ComingSoonScreen() {
  const { t } = useTranslation('common');
  return (
    <main className="page coming-soon">
      <h1>{t('comingSoon.heading')}</h1>
      <p>{t('comingSoon.message')}</p>
    </main>
  );
}
