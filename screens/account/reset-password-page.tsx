import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from 'react-router';
import { isValidPassword } from '../../engine/credential-rules';
import { Modal } from '../modal';
import { PasswordField } from '../password-field';
import type { ResetPasswordActionData, ResetPasswordLoaderData } from './reset-password-action';

/** Spec: after a successful reset the visitor is sent to sign in after 3000 ms. */
export const RESET_REDIRECT_MS = 3000;

/**
 * /account/reset-password, where the recovery e-mail's link lands. New password (at least 6
 * characters; the button is disabled until then) with a show/hide toggle; the same-password error
 * replaces the prompt in error style; success shows a dialog with a spinner and a sign-in link, then
 * goes to sign-in after 3 s.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const { hasSession } = useLoaderData<ResetPasswordLoaderData>();
  const actionData = useActionData<ResetPasswordActionData | undefined>();
  const busy = useNavigation().state !== 'idle';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const passwordId = useId();
  const promptId = useId();
  const done = actionData !== undefined && 'done' in actionData;
  const samePassword = actionData !== undefined && 'samePassword' in actionData;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate('/account/sign-in'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (!hasSession) {
    return (
      <main className="account-page">
        <h1>{t('resetPassword.heading')}</h1>
        <p className="account-page__error">{t('resetPassword.invalidLink')}</p>
        <Link to="/account/forgot-password" className="text-link">
          {t('resetPassword.requestNewLink')}
        </Link>
      </main>
    );
  }

  return (
    <main className="account-page">
      <h1>{t('resetPassword.heading')}</h1>
      <p id={promptId} className={samePassword ? 'account-page__error' : 'account-page__subheading'} role={samePassword ? 'alert' : undefined}>
        {samePassword ? t('resetPassword.samePassword') : t('resetPassword.prompt')}
      </p>
      <Form method="post" className="account-form" aria-busy={busy}>
        <fieldset disabled={busy || done}>
          <label htmlFor={passwordId}>{t('resetPassword.password')}</label>
          <PasswordField
            id={passwordId}
            name="password"
            autoComplete="new-password"
            aria-describedby={promptId}
            aria-invalid={samePassword}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            showLabel={t('resetPassword.show')}
            hideLabel={t('resetPassword.hide')}
          />
          <p className="field-hint">{t('resetPassword.hint')}</p>
          <button type="submit" className="primary-button" disabled={!isValidPassword(password)}>
            {t('resetPassword.submit')}
          </button>
        </fieldset>
      </Form>
      <Modal open={done} onClose={() => void navigate('/account/sign-in')} title={t('resetPassword.doneTitle')} closeLabel={t('close')}>
        <span className="inline-spinner" aria-hidden="true" />
        <p role="status" style={{ margin: 0, textAlign: 'center' }}>
          {t('resetPassword.doneText')}
        </p>
        <Link to="/account/sign-in" className="primary-button">
          {t('resetPassword.signIn')}
        </Link>
      </Modal>
    </main>
  );
}
