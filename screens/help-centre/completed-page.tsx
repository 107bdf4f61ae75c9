import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import type { CompletedView } from '../../engine/cancel-refund-result';
import type { HelpCentreAction } from '../../engine/subscription-eligibility';
import { STORE_SUPPORT_LINKS } from './store-support-links';
import './help-centre.css';
import { focusWhenShown } from '../focus-when-shown';

export interface CompletedLoaderData {
  readonly action: HelpCentreAction;
  readonly view: CompletedView;
}

/**
 * /help-center/<cancelation|refund>/completed: thank you, further action needed (the store
 * subscriptions with their counts and the stores' guides), or, for a refund whose web subscriptions
 * were canceled without a refund, sorry. The heading takes focus so screen readers announce the result.
 */
export function CompletedPage() {
  const { t } = useTranslation('help-centre');
  const { action, view } = useLoaderData<CompletedLoaderData>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => (heading.current === null ? undefined : focusWhenShown(heading.current)), []);
  const body = (): string => {
    if (view.headline === 'sorry') return t('completed.sorryText');
    if (action === 'refund' && view.refunded > 0) return t('completed.refundedText');
    if (view.canceled > 0) return t('completed.canceledText');
    return view.headline === 'furtherAction' ? t('completed.storesOnlyText') : t('completed.nothingText');
  };
  return (
    <main className="account-page help-centre">
      <h1 ref={heading} tabIndex={-1}>
        {t(`completed.${view.headline}Heading`)}
      </h1>
      <p>{body()}</p>
      {view.appStore + view.playStore > 0 ? (
        <>
          <p>{t(`completed.furtherAction.${action}`)}</p>
          <ul className="help-centre__stores">
            {view.appStore > 0 ? (
              <li className="help-centre__store">
                <p>{t('completed.appStoreCount', { count: view.appStore })}</p>
                <a className="text-link" href={STORE_SUPPORT_LINKS.apple[action]} target="_blank" rel="noopener noreferrer">
                  {t('completed.appleGuide')}
                </a>
              </li>
            ) : null}
            {view.playStore > 0 ? (
              <li className="help-centre__store">
                <p>{t('completed.playStoreCount', { count: view.playStore })}</p>
                <a className="text-link" href={STORE_SUPPORT_LINKS.google[action]} target="_blank" rel="noopener noreferrer">
                  {t('completed.googleGuide')}
                </a>
              </li>
            ) : null}
          </ul>
        </>
      ) : null}
      <Link to="/account/subscription" className="primary-button button-link">
        {t('completed.toAccount')}
      </Link>
      <Link to="/help-center" className="text-link">
        {t('request.backToHelpCentre')}
      </Link>
    </main>
  );
}
