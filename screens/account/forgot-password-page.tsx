import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { isValidEmail } from '../../engine/credential-rules';
import { Modal } from '../modal';
import type { ForgotPasswordActionData } from './forgot-password-action';

/**
 * /account/forgot-password: an autofocused e-mail field; the button stays disabled until the spec's
 * e-mail pattern matches. After the request, a closable dialog says to check the inbox.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const actionData = useActionData<ForgotPasswordActionData | undefined>();
  const busy = useNavigation().state !== 'idle';
  const [email, setEmail] = useState('');
  // Each request's result opens the dialog once; closing it remembers which result was dismissed.
  const [dismissed, setDismissed] = useState<ForgotPasswordActionData>();
  const dialogOpen = actionData !== undefined && actionData !== dismissed;
  const emailId = useId();
  const instructionId = useId();

  return (
    <main className="account-page">
      <h1>{t('forgotPassword.heading')}</h1>
      <p id={instructionId} className="account-page__subheading">
        {t('forgotPassword.instruction')}
      </p>
      <Form method="post" className="account-form" aria-busy={busy}>
        <fieldset disabled={busy}>
          <label htmlFor={emailId}>{t('forgotPassword.email')}</label>
          <input
            id={emailId}
            className="text-field"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            aria-describedby={instructionId}
            // Spec: the e-mail field is autofocused; it is the page's only task.
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className="primary-button" disabled={!isValidEmail(email)}>
            {t('forgotPassword.submit')}
          </button>
        </fieldset>
      </Form>
      <Link to="/account/sign-in" className="text-link">
        {t('forgotPassword.backToSignIn')}
      </Link>
      <Modal open={dialogOpen} onClose={() => setDismissed(actionData)} title={t('forgotPassword.sentTitle')} closeLabel={t('close')}>
        <p style={{ margin: 0 }}>{t('forgotPassword.sentText', { email: actionData?.sentTo ?? email })}</p>
      </Modal>
    </main>
  );
}
