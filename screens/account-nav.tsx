import { useTranslation } from 'react-i18next';
import { Form, NavLink, useNavigation } from 'react-router';

/**
 * The account area's and help centre's own navigation under the brand header (issue 30): where a
 * customer goes next from any of these pages. Signed in: the subscription, the help centre, sign out;
 * signed out: sign in and the help centre (the subscription page would only send them to sign in).
 * NavLink marks the page the visitor is on with `aria-current="page"`.
 */
export function AccountNav({ signedIn }: { readonly signedIn: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const signingOut = navigation.state !== 'idle' && navigation.formAction === '/account/sign-out';
  return (
    <nav className="account-nav" aria-label={t('common:accountNav.label')}>
      <ul className="account-nav__list">
        <li>
          {signedIn ? (
            <NavLink to="/account/subscription" className="account-nav__link">
              {t('common:accountNav.subscription')}
            </NavLink>
          ) : (
            <NavLink to="/account/sign-in" className="account-nav__link">
              {t('common:accountNav.signIn')}
            </NavLink>
          )}
        </li>
        <li>
          <NavLink to="/help-center" end className="account-nav__link">
            {t('common:helpCentre')}
          </NavLink>
        </li>
        {signedIn ? (
          <li className="account-nav__end">
            <Form method="post" action="/account/sign-out">
              <button type="submit" className="account-nav__link account-nav__sign-out" disabled={signingOut}>
                {t('common:accountNav.signOut')}
              </button>
            </Form>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
