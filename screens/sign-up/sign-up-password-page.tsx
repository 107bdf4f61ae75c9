import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSelector } from '@xstate/react';
import { PasswordField } from '../password-field';
import { useSignUpActor } from './use-sign-up-actor';

/**
 * /sign-up/password: the first step of the standalone sign-up. The machine decides whether the password
 * is acceptable (an invalid one marks the field); an accepted one goes to session storage until the
 * e-mail step, and the visitor moves on to it.
 */
export function SignUpPasswordPage() {
  const { t } = useTranslation('signup');
  const navigate = useNavigate();
  const actor = useSignUpActor({ advance: () => void navigate('/sign-up/email') });
  const invalid = useSelector(actor, (snapshot) => snapshot.context.passwordInvalid);
  const [password, setPassword] = useState('');
  const headingId = useId();
  const hintId = useId();
  return (
    <main className="account-page">
      <h1 id={headingId}>{t('password.heading')}</h1>
      <form
        className="account-form screen-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SUBMIT_PASSWORD', password });
        }}
      >
        <PasswordField
          name="password"
          autoComplete="new-password"
          aria-labelledby={headingId}
          aria-describedby={hintId}
          aria-invalid={invalid}
          placeholder={t('password.placeholder')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          showLabel={t('password.show')}
          hideLabel={t('password.hide')}
        />
        <p id={hintId} className={invalid ? 'field-hint field-hint--error' : 'field-hint'}>
          {t('password.hint')}
        </p>
        <button type="submit" className="primary-button" disabled={password === ''}>
          {t('continue')}
        </button>
      </form>
    </main>
  );
}
