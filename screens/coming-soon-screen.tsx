import { useTranslation } from 'react-i18next';

/**
 * Placeholder for routes whose issues are not built yet (/checkout/plans), so the journeys
 * that lead there end on a real page instead of the error screen.
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
