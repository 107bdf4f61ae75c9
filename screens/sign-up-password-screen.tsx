import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FunnelAnswer } from '../engine/funnel-answer';
import type { ScreenProps } from './screen-props';

/**
 * The password step of v1/v2. Continue is disabled while empty; a password the machine refuses (shorter
 * than 6) marks the field invalid. The value only ever goes to session storage (see answer-storage).
 */
export function SignUpPasswordScreen({ headingId, canSubmit, onAnswer }: ScreenProps) {
  const { t } = useTranslation('common');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState(false);
  const hintId = useId();
  return (
    <form
      className="screen-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const answer: FunnelAnswer = { kind: 'password', value: password };
        if (canSubmit(answer)) onAnswer(answer);
        else setInvalid(true);
      }}
    >
      <input
        className="text-field"
        type="password"
        name="password"
        autoComplete="new-password"
        aria-labelledby={headingId}
        aria-describedby={hintId}
        aria-invalid={invalid}
        placeholder={t('signUp.password.placeholder')}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setInvalid(false);
        }}
      />
      <p id={hintId} className={invalid ? 'field-hint field-hint--error' : 'field-hint'}>
        {t('signUp.password.hint')}
      </p>
      <button type="submit" className="primary-button" disabled={password === ''}>
        {t('continue')}
      </button>
    </form>
  );
}
