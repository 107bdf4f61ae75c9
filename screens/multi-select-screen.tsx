import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FunnelAnswer } from '../engine/funnel-answer';
import { selectionLimits, toggleSelection } from '../engine/multi-select-answer';
import { ChoiceMark } from './choice-mark';
import { iconForGender } from '../engine/icon-for-gender';
import { OptionIcon, optionIconSize } from './option-icon';
import type { ScreenProps } from './screen-props';
import { AnswerForm } from './answer-form';
import './question-kinds.css';

/**
 * A question with several answers: each option is a checkbox (a button with role checkbox, so it
 * looks like the single-choice options and Tab/Space work), Continue is enabled only when the
 * picks are within the step's `selections`. Which picks a tap leaves (the exclusive option "none of
 * these" clears the others and the other way round; no tap beyond the maximum) is the engine's rule;
 * a tap the maximum refuses is announced.
 */
export function MultiSelectScreen({ step, headingId, previousAnswer, canSubmit, onAnswer, gender }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const [picked, setPicked] = useState<readonly string[]>(previousAnswer?.kind === 'choices' ? previousAnswer.values : []);
  const [refusedTap, setRefusedTap] = useState(false);
  const hintId = useId();
  const { min, max } = selectionLimits(step);
  const optionCount = step.options?.length ?? 0;
  const answer: FunnelAnswer = { kind: 'choices', values: picked };
  const number = new Intl.NumberFormat(i18n.language);
  const hint =
    min === 1 && max >= optionCount
      ? t('common:multiSelect.any')
      : min === max
        ? t('common:multiSelect.exactly', { number: number.format(max) })
        : t('common:multiSelect.range', { min: number.format(min), max: number.format(max) });
  return (
    <AnswerForm step={step} answer={answer} canSubmit={canSubmit} onAnswer={onAnswer} disabled={!canSubmit(answer)}>
      <p id={hintId} className="question-hint">
        {hint}
      </p>
      <div className="choices" role="group" aria-labelledby={headingId} aria-describedby={hintId}>
        {(step.options ?? []).map((option) => {
          const checked = picked.includes(option.value);
          const icon = iconForGender(option.icon, gender);
          return (
            <button
              key={option.value}
              type="button"
              role="checkbox"
              className="choice choice--multiple"
              aria-checked={checked}
              onClick={() => {
                const next = toggleSelection(step, picked, option.value);
                setRefusedTap(next === picked && !checked);
                setPicked(next);
              }}
            >
              {icon ? (
                <span className="choice__icon">
                  <OptionIcon name={icon} size={optionIconSize(step.optionLayout)} />
                </span>
              ) : null}
              <span className="choice__text">
                <span className="choice__label">{t(option.labelKey)}</span>
                {option.descriptionKey ? <span className="choice__description">{t(option.descriptionKey)}</span> : null}
              </span>
              <ChoiceMark />
            </button>
          );
        })}
      </div>
      <p className="field-error" role="status">
        {refusedTap ? t('common:multiSelect.atMost', { max: number.format(max) }) : ''}
      </p>
    </AnswerForm>
  );
}
