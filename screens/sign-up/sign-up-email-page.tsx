import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isValidEmail } from '../../engine/credential-rules';
import { emailSuggestion } from '../../engine/email-suggestion';
import { useFieldMessage } from '../use-field-message';
import { SignUpStepFrame } from './sign-up-step-frame';
import { useSignUpStep } from './use-sign-up-step';
import { useSignUpActor, type SignUpActor } from './use-sign-up-actor';

/**
 * /sign-up/email: the e-mail completes the standalone sign-up (its loader already sent visitors without
 * a stored password back). Continue is disabled while empty and while the account is being created.
 */
export function SignUpEmailPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const actor = useSignUpActor({ advance: () => void navigate(`/sign-up/password${search}`) });
  return <SignUpEmailForm actor={actor} />;
}

/** The e-mail form over a running sign-up machine (also used by the v1/v2 in-flow step). */
export function SignUpEmailForm({
  actor,
  headingId: givenHeadingId,
  initialEmail,
}: {
  readonly actor: SignUpActor;
  /** The step layout's heading, when the form is a step of a funnel (it then renders no page of its own). */
  readonly headingId?: string;
  readonly initialEmail?: string;
}) {
  const { t } = useTranslation('signup');
  const { busy, alreadyRegistered, headingId, embedded, hintId, closeDialog, confirmation } = useSignUpStep(actor, givenHeadingId);
  const [email, setEmail] = useState(() => initialEmail ?? actor.getSnapshot().context.email ?? '');
  // "Please enter a valid email address." on submit or on leaving the field, gone once the address is valid.
  const message = useFieldMessage({ empty: email.trim() === '', problem: isValidEmail(email) ? undefined : 'invalid' });
  const invalid = message.problem !== undefined;
  const suggestion = busy ? undefined : emailSuggestion(email);
  return (
    <SignUpStepFrame
      heading={t('email.heading')}
      headingId={headingId}
      embedded={embedded}
      busy={busy}
      submitDisabled={email.trim() === ''}
      onSubmit={() => {
        message.onSubmit();
        actor.send({ type: 'SUBMIT_EMAIL', email });
      }}
      alreadyRegistered={alreadyRegistered}
      onCloseDialog={closeDialog}
      confirmation={confirmation}
      legalNotice
    >
      <input
        className="text-field"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        aria-labelledby={headingId}
        aria-describedby={hintId}
        aria-invalid={invalid}
        placeholder={t('email.placeholder')}
        value={email}
        readOnly={busy}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={message.onLeave}
      />
      {/* A likely typo in the domain: one tap puts the corrected address in the field. */}
      <div className="email-suggestion" aria-live="polite">
        {suggestion ? (
          <button type="button" className="email-suggestion__button" onClick={() => setEmail(suggestion)}>
            {t('email.didYouMean', { address: suggestion })}
          </button>
        ) : null}
      </div>
      <p id={hintId} className={invalid ? 'field-hint field-hint--error' : 'field-hint'}>
        {invalid ? t('email.invalid') : t('email.hint')}
      </p>
    </SignUpStepFrame>
  );
}
