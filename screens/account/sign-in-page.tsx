import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { PasswordField } from '../password-field';
import { CONTINUE_AFTER_SIGN_IN, SIGN_IN_INTENT_FIELD, type SignInActionData } from './sign-in-action';

/**
 * /account/sign-in: a real form submission handled by the route action. While the route submits or
 * loads, every field and the button are disabled (one fieldset); a failed login's message appears
 * under the heading.
 */
export function SignInPage() {
  const { t } = useTranslation('account');
  const actionData = useActionData<SignInActionData | undefined>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const emailId = useId();
  const passwordId = useId();
  const error = actionData?.error;
  if (actionData?.lookupFailed) {
    // Signed in already: only the subscription lookup failed, so retry that instead of asking for the password again.
    return (
      <main className="account-page">
        <h1>{t('signIn.heading')}</h1>
        <p className="account-page__error" role="alert">
          {t('signIn.lookupFailed')}
        </p>
        <Form method="post" className="account-form" aria-busy={busy}>
          <input type="hidden" name={SIGN_IN_INTENT_FIELD} value={CONTINUE_AFTER_SIGN_IN} />
          <button type="submit" className="primary-button" disabled={busy}>
            {t('common:error.tryAgain')}
          </button>
        </Form>
      </main>
    );
  }
  return (
    <main className="account-page">
      <h1>{t('signIn.heading')}</h1>
      {error ? (
        <p className="account-page__error" role="alert">
          {t(`signIn.errors.${error.code ?? 'generic'}`, { defaultValue: error.message || t('signIn.errors.generic') })}
        </p>
      ) : null}
      <Form method="post" className="account-form" aria-busy={busy}>
        <fieldset disabled={busy}>
          <label htmlFor={emailId}>{t('signIn.email')}</label>
          <input id={emailId} className="text-field" type="email" name="email" autoComplete="email" inputMode="email" />
          <label htmlFor={passwordId}>{t('signIn.password')}</label>
          <PasswordField
            id={passwordId}
            name="password"
            autoComplete="current-password"
            showLabel={t('signIn.show')}
            hideLabel={t('signIn.hide')}
          />
          <Link to="/account/forgot-password" className="text-link">
            {t('signIn.forgotPassword')}
          </Link>
          <button type="submit" className="primary-button">
            {t('signIn.submit')}
          </button>
        </fieldset>
      </Form>
      <p className="account-page__subheading">
        {t('signIn.noAccount')}{' '}
        <Link to="/onboarding" className="text-link">
          {t('signIn.signUp')}
        </Link>
      </p>
    </main>
  );
}
