import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './help-centre.css';
import { useHelpCentreArea } from '../areas/area-contexts';

/**
 * /help-center: the choices. A general question or suggestion opens the configured support address
 * (a `mailto:` link with a subject in the visitor's language); cancel and refund lead to their pages.
 */
export function HelpCentrePage() {
  const { t } = useTranslation('help-centre');
  const helpCentre = useHelpCentreArea();
  const mailto = `mailto:${helpCentre.supportEmail}?${new URLSearchParams({ subject: t('index.questionSubject') }).toString().replaceAll('+', '%20')}`;
  return (
    <main className="account-page help-centre">
      <h1>{t('index.heading')}</h1>
      <p className="account-page__subheading">{t('index.intro')}</p>
      <ul className="help-centre__options">
        <li>
          <a className="help-centre__option" href={mailto}>
            <span className="help-centre__option-title">{t('index.question')}</span>
            <span className="help-centre__option-hint">{t('index.questionHint', { email: helpCentre.supportEmail })}</span>
          </a>
        </li>
        <li>
          <Link className="help-centre__option" to="/help-center/cancelation">
            <span className="help-centre__option-title">{t('index.cancel')}</span>
            <span className="help-centre__option-hint">{t('index.cancelHint')}</span>
          </Link>
        </li>
        <li>
          <Link className="help-centre__option" to="/help-center/refund">
            <span className="help-centre__option-title">{t('index.refund')}</span>
            <span className="help-centre__option-hint">{t('index.refundHint')}</span>
          </Link>
        </li>
        <li>
          {/* The withdrawal function's label, as EU Directive 2023/2673 wants it: clearly named, easy to find. */}
          <Link className="help-centre__option" to="/help-center/withdrawal">
            <span className="help-centre__option-title">{t('index.withdraw')}</span>
            <span className="help-centre__option-hint">{t('index.withdrawHint')}</span>
          </Link>
        </li>
      </ul>
      <Link to="/account/subscription" className="text-link">
        {t('index.account')}
      </Link>
    </main>
  );
}
