import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isValidPassword } from '../../engine/credential-rules';
import { PasswordField } from '../password-field';
import { useFieldMessage } from '../use-field-message';
import { SignUpStepFrame } from './sign-up-step-frame';
import { useSignUpStep } from './use-sign-up-step';
import { useSignUpActor, type SignUpActor } from './use-sign-up-actor';

/**
 * /sign-up/password: the first step of the standalone sign-up. The machine decides whether the password
 * is acceptable (an invalid one marks the field); an accepted one goes to session storage until the
 * e-mail step, and the visitor moves on to it.
 */
export function SignUpPasswordPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const actor = useSignUpActor({ advance: () => void navigate(`/sign-up/email${search}`) });
  return <SignUpPasswordForm actor={actor} />;
}

/**
 * The password form over a running sign-up machine. In v1/v2 it is the funnel's last step and the
 * submit creates the account (busy state, already-registered dialog); standalone it only advances.
 */
export function SignUpPasswordForm({ actor, headingId: givenHeadingId }: { readonly actor: SignUpActor; readonly headingId?: string }) {
  const { t } = useTranslation('signup');
  const { busy, alreadyRegistered, headingId, embedded, hintId, closeDialog, confirmation } = useSignUpStep(actor, givenHeadingId);
  const [password, setPassword] = useState('');
  // The hint turns red on submit or on leaving the field, and back the moment the password is long enough.
  const message = useFieldMessage({ empty: password === '', problem: isValidPassword(password) ? undefined : 'invalid' });
  const invalid = message.problem !== undefined;
  return (
    <SignUpStepFrame
      heading={t('password.heading')}
      headingId={headingId}
      embedded={embedded}
      busy={busy}
      submitDisabled={password === ''}
      onSubmit={() => {
        message.onSubmit();
        actor.send({ type: 'SUBMIT_PASSWORD', password });
      }}
      alreadyRegistered={alreadyRegistered}
      onCloseDialog={closeDialog}
      confirmation={confirmation}
    >
      <PasswordField
        name="password"
        autoComplete="new-password"
        aria-labelledby={headingId}
        aria-describedby={hintId}
        aria-invalid={invalid}
        placeholder={t('password.placeholder')}
        value={password}
        readOnly={busy}
        onChange={(event) => setPassword(event.target.value)}
        onBlur={message.onLeave}
        showLabel={t('password.show')}
        hideLabel={t('password.hide')}
      />
      <p id={hintId} className={invalid ? 'field-hint field-hint--error' : 'field-hint'}>
        {t('password.hint')}
      </p>
    </SignUpStepFrame>
  );
}
