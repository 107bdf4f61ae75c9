import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FunnelAnswer } from '../engine/funnel-answer';
import { textAnswerProblem } from '../engine/text-answer';
import type { ScreenProps } from './screen-props';
import { AnswerForm } from './answer-form';
import './question-kinds.css';

/**
 * A short text, named by the step heading. Continue is disabled while it is blank; a text the machine
 * refuses (too long, or not matching the step's pattern) stays with the step's own message (or the
 * length one) until it is fixed.
 */
export function TextScreen({ step, headingId, previousAnswer, canSubmit, onAnswer }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(previousAnswer?.kind === 'text' ? previousAnswer.text : '');
  const [attempted, setAttempted] = useState(false);
  const errorId = useId();
  const answer: FunnelAnswer = { kind: 'text', text };
  const acceptable = canSubmit(answer);
  const problem = acceptable ? undefined : (textAnswerProblem(step, text) ?? 'pattern');
  const patternMessageKey = step.textRules?.patternMessageKey;
  const message =
    !attempted || problem === undefined || problem === 'blank'
      ? undefined
      : problem === 'tooLong'
        ? t('common:text.tooLong', { max: new Intl.NumberFormat(i18n.language).format(step.textRules?.maxLength ?? 0) })
        : // The verifier requires a message for every pattern.
          patternMessageKey === undefined
          ? undefined
          : t(patternMessageKey);
  return (
    <AnswerForm step={step} answer={answer} canSubmit={canSubmit} onAnswer={onAnswer} onRefused={() => setAttempted(true)} disabled={problem === 'blank'} error={{ id: errorId, message }}>
      <input
        className="text-field"
        type="text"
        autoComplete="off"
        enterKeyHint="next"
        value={text}
        aria-labelledby={headingId}
        aria-describedby={message === undefined ? undefined : errorId}
        aria-invalid={message !== undefined}
        onChange={(event) => setText(event.target.value)}
      />
    </AnswerForm>
  );
}
