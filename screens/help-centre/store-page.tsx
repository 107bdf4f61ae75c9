import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import type { HelpCentreAction } from '../../engine/subscription-eligibility';
import { STORE_SUPPORT_LINKS } from './store-support-links';
import './help-centre.css';

export interface StoreLoaderData {
  readonly action: HelpCentreAction;
  readonly store: 'apple' | 'google';
}

/**
 * /help-center/<cancelation|refund>/<apple|google>: the subscription is with the store, which alone
 * can cancel or refund it; the store's own support page says how.
 */
export function StorePage() {
  const { t } = useTranslation('help-centre');
  const { action, store } = useLoaderData<StoreLoaderData>();
  return (
    <main className="account-page help-centre">
      <h1>{t(`store.${store}.heading`)}</h1>
      <p>{t(`store.${store}.${action}`)}</p>
      <a className="primary-button button-link" href={STORE_SUPPORT_LINKS[store][action]} target="_blank" rel="noopener noreferrer">
        {t(`store.${store}.link`)}
      </a>
      <Link to={`/help-center/${action}`} className="text-link">
        {t('store.back')}
      </Link>
    </main>
  );
}
