import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from './screen-props';
import { AnswerForm } from './answer-form';
import './question-kinds.css';

/**
 * A scale: a native range input (arrow keys, Home/End, Page Up/Down and screen readers work as the
 * platform makes them), named by the step heading, its value read out in the visitor's language with
 * the end label at either end. The thumb starts at the step's default (or the earlier answer), and
 * nothing is recorded until Continue: the default position is a suggestion the visitor confirms.
 */
export function SliderScreen({ step, headingId, previousAnswer, canSubmit, onAnswer }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const scale = step.scale;
  const [value, setValue] = useState<number>(previousAnswer?.kind === 'scale' ? previousAnswer.value : (scale?.default ?? 0));
  const endsId = useId();
  if (scale === undefined) return null;
  const number = new Intl.NumberFormat(i18n.language).format(value);
  const minLabel = t(scale.minLabelKey);
  const maxLabel = t(scale.maxLabelKey);
  const valueText = value === scale.min ? `${number}, ${minLabel}` : value === scale.max ? `${number}, ${maxLabel}` : number;
  return (
    <AnswerForm step={step} answer={{ kind: 'scale', value }} canSubmit={canSubmit} onAnswer={onAnswer} disabled={false}>
      <output className="scale__value" aria-hidden="true">
        {number}
      </output>
      <input
        className="scale__input"
        type="range"
        min={scale.min}
        max={scale.max}
        step={scale.step}
        value={value}
        aria-labelledby={headingId}
        aria-describedby={endsId}
        aria-valuetext={valueText}
        onChange={(event) => setValue(Number(event.target.value))}
      />
      <p id={endsId} className="scale__ends">
        <span>{minLabel}</span>
        <span>{maxLabel}</span>
      </p>
    </AnswerForm>
  );
}
