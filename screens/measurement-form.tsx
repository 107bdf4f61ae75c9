import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FunnelAnswer, UnitSystem } from '../engine/funnel-answer';
import type { ScreenProps } from './screen-props';
import { StepInfo } from './step-info';
import './measurement-form.css';

interface Props extends ScreenProps {
  /** Unit labels (translation keys under common:units) per system; absent for unit-less numbers (age). */
  readonly units?: { readonly metric: string; readonly imperial: string };
  /** Shown after the field when there is no toggle (e.g. "years"). */
  readonly suffixKey?: string;
  readonly inputMode: 'decimal' | 'numeric';
  readonly toAnswer: (text: string, unit: UnitSystem) => FunnelAnswer;
}

/**
 * A number field with an optional metric/imperial toggle and Continue, disabled while the machine would
 * refuse the answer (blank). The field is named by the step heading; the unit is part of its description.
 */
export function MeasurementForm({ step, headingId, previousAnswer, canSubmit, onAnswer, initialUnit, units, suffixKey, inputMode, toAnswer }: Props) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(previousAnswer?.kind === 'measurement' || previousAnswer?.kind === 'wholeNumber' ? previousAnswer.text : '');
  const [unit, setUnit] = useState<UnitSystem>(initialUnit);
  const answer = toAnswer(text, unit);
  const acceptable = canSubmit(answer);
  const inputId = useId();
  const suffixId = useId();
  const placeholder = step.placeholder ? String(unit === 'metric' ? step.placeholder.metric : step.placeholder.imperial) : undefined;
  const suffix = units ? t(`units.${units[unit]}`) : suffixKey ? t(suffixKey) : undefined;

  return (
    <form
      className="screen-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (acceptable) onAnswer(answer);
      }}
    >
      <div className="number-field">
        <input
          id={inputId}
          className="number-field__input"
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          enterKeyHint="next"
          aria-labelledby={headingId}
          aria-describedby={suffix ? suffixId : undefined}
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {suffix ? (
          <span id={suffixId} className="number-field__suffix">
            {suffix}
          </span>
        ) : null}
      </div>
      {units ? (
        <fieldset className="unit-toggle">
          <legend className="visually-hidden">{t('units.legend')}</legend>
          {(['metric', 'imperial'] as const).map((system) => (
            <label key={system} className="unit-toggle__option">
              <input type="radio" name={`${step.id}-unit`} value={system} checked={unit === system} onChange={() => setUnit(system)} />
              <span>{t(`units.${units[system]}`)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <StepInfo step={step} />
      <button type="submit" className="primary-button" disabled={!acceptable}>
        {t('continue')}
      </button>
    </form>
  );
}
