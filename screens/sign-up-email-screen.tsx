import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FunnelAnswer } from '../engine/funnel-answer';
import type { ScreenProps } from './screen-props';

/**
 * The e-mail step of v1/v2. Continue is disabled while empty; on an invalid address (the machine's
 * guard refuses it) the hint becomes the error and the field is marked invalid.
 */
export function SignUpEmailScreen({ headingId, previousAnswer, canSubmit, onAnswer }: ScreenProps) {
  const { t } = useTranslation('common');
  const [email, setEmail] = useState(previousAnswer?.kind === 'email' ? previousAnswer.value : '');
  const [invalid, setInvalid] = useState(false);
  const hintId = useId();
  return (
    <form
      className="screen-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const answer: FunnelAnswer = { kind: 'email', value: email };
        if (canSubmit(answer)) onAnswer(answer);
        else setInvalid(true);
      }}
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
        placeholder={t('signUp.email.placeholder')}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setInvalid(false);
        }}
      />
      <p id={hintId} className={invalid ? 'field-hint field-hint--error' : 'field-hint'}>
        {invalid ? t('signUp.email.invalid') : t('signUp.email.hint')}
      </p>
      <button type="submit" className="primary-button" disabled={email.trim() === ''}>
        {t('continue')}
      </button>
    </form>
  );
}
