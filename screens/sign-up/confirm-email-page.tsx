import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * /sign-up/confirm when the link did not sign the visitor in (bad, used or expired; the loader sends
 * everyone else on to preparing). Whoever confirmed already can log in; otherwise signing up again
 * with the same address mails a new link.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('signup');
  return (
    <main className="account-page">
      <h1>{t('confirmEmail.invalidHeading')}</h1>
      <p className="account-page__subheading">{t('confirmEmail.invalidText')}</p>
      <Link to="/account/sign-in" className="primary-button">
        {t('confirmEmail.logIn')}
      </Link>
      <Link to="/sign-up" className="text-link">
        {t('confirmEmail.signUpAgain')}
      </Link>
    </main>
  );
}
