import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompiledStep } from '../engine/compiled-flow';
import type { FunnelAnswer } from '../engine/funnel-answer';
import { StepInfo } from './step-info';
import './form-feedback.css';

interface Props {
  readonly step: CompiledStep;
  /** The answer Continue submits when the machine accepts it. */
  readonly answer: FunnelAnswer;
  readonly canSubmit: (answer: FunnelAnswer) => boolean;
  readonly onAnswer: (answer: FunnelAnswer) => void;
  /** Continue pressed on an answer the machine refuses (the screen starts showing why). */
  readonly onRefused?: () => void;
  /** Continue is disabled (nothing to submit yet). */
  readonly disabled: boolean;
  /** The refusal message and its element's id (fields point at it with aria-describedby); none: no message area. */
  readonly error?: { readonly id: string; readonly message: string | undefined };
  readonly children: ReactNode;
}

/**
 * The frame of a question answered with Continue (multi-select, slider, date, text): the fields, the
 * refusal message, the step's info and Continue. Submitting sends the answer only when the machine
 * accepts it (Enter in a field submits too).
 */
export function AnswerForm({ step, answer, canSubmit, onAnswer, onRefused, disabled, error, children }: Props) {
  const { t } = useTranslation();
  return (
    <form
      className="screen-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit(answer)) onAnswer(answer);
        else onRefused?.();
      }}
    >
      {children}
      {error === undefined ? null : (
        <p id={error.id} className="field-error" role="alert">
          {error.message ?? ''}
        </p>
      )}
      <StepInfo step={step} />
      <button type="submit" className="primary-button" disabled={disabled}>
        {t('common:continue')}
      </button>
    </form>
  );
}
