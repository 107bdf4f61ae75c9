import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateAnswerProblem, dateBounds } from '../engine/date-answer';
import type { FunnelAnswer } from '../engine/funnel-answer';
import type { ScreenProps } from './screen-props';
import { AnswerForm } from './answer-form';
import './question-kinds.css';

/**
 * A day: the native date input (the phone's own picker, the visitor's date format, its value always
 * YYYY-MM-DD), limited to the step's range from today. Continue is disabled while it is empty; a day
 * the machine refuses (incomplete, or outside the range) stays with a message naming the allowed day,
 * written in the visitor's language, until it is fixed.
 */
export function DateScreen({ step, headingId, previousAnswer, canSubmit, onAnswer, today }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState(previousAnswer?.kind === 'date' ? previousAnswer.value : '');
  const [attempted, setAttempted] = useState(false);
  const errorId = useId();
  const bounds = today === undefined ? undefined : dateBounds(step, today);
  const answer: FunnelAnswer = { kind: 'date', value };
  const acceptable = canSubmit(answer);
  const problem = acceptable ? undefined : (dateAnswerProblem(step, value, today) ?? 'invalid');
  const longDate = (day: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const message =
    !attempted || problem === undefined || problem === 'blank'
      ? undefined
      : problem === 'tooEarly' && bounds
        ? t('common:date.tooEarly', { date: longDate(bounds.earliest) })
        : problem === 'tooLate' && bounds
          ? t('common:date.tooLate', { date: longDate(bounds.latest) })
          : t('common:date.invalid');
  return (
    <AnswerForm step={step} answer={answer} canSubmit={canSubmit} onAnswer={onAnswer} onRefused={() => setAttempted(true)} disabled={problem === 'blank'} error={{ id: errorId, message }}>
      <input
        className="date-field"
        type="date"
        value={value}
        {...(bounds === undefined ? {} : { min: bounds.earliest, max: bounds.latest })}
        aria-labelledby={headingId}
        aria-describedby={message === undefined ? undefined : errorId}
        aria-invalid={message !== undefined}
        onChange={(event) => setValue(event.target.value)}
      />
    </AnswerForm>
  );
}
