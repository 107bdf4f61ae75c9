import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FunnelAnswer, UnitSystem } from '../engine/funnel-answer';
import { displayRange, feetAndInches, numberAnswerProblem, type NumberProblem } from '../engine/number-answer-check';
import type { ScreenProps } from './screen-props';
import { StepInfo } from './step-info';
import './measurement-form.css';
import './form-feedback.css';

/** What the visitor typed: one field, or feet and inches (height in imperial units). */
export interface TypedNumber {
  readonly text: string;
  readonly feet: string;
  readonly inches: string;
}

interface Props extends ScreenProps {
  /** Unit labels (translation keys under common:units) per system; absent for unit-less numbers (age). */
  readonly units?: { readonly metric: string; readonly imperial: string };
  /** Shown after the field when there is no toggle (e.g. "years"). */
  readonly suffixKey?: string;
  readonly inputMode: 'decimal' | 'numeric';
  /** Imperial height: two fields, feet and inches, as US visitors say their height. */
  readonly feetAndInchesInImperial?: boolean;
  readonly toAnswer: (typed: TypedNumber, unit: UnitSystem) => FunnelAnswer;
}

/**
 * A number field (or feet + inches) with an optional metric/imperial toggle and Continue. Continue is
 * disabled while blank (spec); a submitted answer the machine refuses (no number, or outside the step's
 * plausible range from the flow YAML) stays on the step with a message naming the range in the
 * visitor's unit. Which problem it is comes from the engine (`numberAnswerProblem`), the same rule the
 * machine's guard applies. The field is named by the step heading; the unit is part of its name.
 */
export function MeasurementForm({ step, headingId, previousAnswer, canSubmit, onAnswer, initialUnit, units, suffixKey, inputMode, feetAndInchesInImperial, toAnswer }: Props) {
  const { t, i18n } = useTranslation('common');
  const [typed, setTyped] = useState<TypedNumber>(() => initialTyped(previousAnswer));
  const [unit, setUnit] = useState<UnitSystem>(initialUnit);
  // The message appears after a refused Continue, then follows the typing until the value is fine.
  const [attempted, setAttempted] = useState(false);
  const answer = toAnswer(typed, unit);
  const acceptable = canSubmit(answer);
  const problem = acceptable ? undefined : (numberAnswerProblem(step, answer) ?? 'notANumber');
  const inputId = useId();
  const suffixId = useId();
  const inchesSuffixId = useId();
  const errorId = useId();
  const twoFields = feetAndInchesInImperial === true && unit === 'imperial';
  const placeholderValue = step.placeholder ? (unit === 'metric' ? step.placeholder.metric : step.placeholder.imperial) : undefined;
  const placeholderFeet = placeholderValue === undefined ? undefined : feetAndInches(placeholderValue);
  const suffix = units ? t(`units.${twoFields ? 'ft' : units[unit]}`) : suffixKey ? t(suffixKey) : undefined;
  const message = attempted && problem !== undefined && problem !== 'blank' ? problemMessage(problem) : undefined;
  const invalid = message !== undefined;
  const describedBy = (own: string | undefined) => [own, invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  const update = (change: Partial<TypedNumber>) => setTyped((current) => ({ ...current, ...change }));

  function problemMessage(which: Exclude<NumberProblem, 'blank'>): string {
    if (which === 'notANumber') return t(twoFields ? 'numbers.feetInches' : 'numbers.notANumber');
    const range = displayRange(step, unit);
    if (!range) return t('numbers.notANumber');
    const number = new Intl.NumberFormat(i18n.language);
    const show = (value: number): string => {
      if (step.screen === 'age') return number.format(value);
      if (twoFields) {
        const { feet, inches } = feetAndInches(value);
        return t('units.feetInches', { feet: number.format(feet), inches: number.format(inches) });
      }
      return `${number.format(value)} ${t(`units.${units?.[unit] ?? 'years'}`)}`;
    };
    return t(`numbers.range.${step.screen === 'height' ? 'height' : step.screen === 'weight' ? 'weight' : 'age'}`, { min: show(range.min), max: show(range.max) });
  }

  return (
    <form
      className="screen-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (acceptable) onAnswer(answer);
        else setAttempted(true);
      }}
    >
      <div className="number-field">
        <input
          id={inputId}
          className="number-field__input"
          type="text"
          inputMode={twoFields ? 'numeric' : inputMode}
          autoComplete="off"
          enterKeyHint="next"
          aria-labelledby={twoFields ? `${headingId} ${suffixId}` : headingId}
          aria-describedby={describedBy(twoFields || !suffix ? undefined : suffixId)}
          aria-invalid={invalid}
          placeholder={twoFields ? (placeholderFeet ? String(placeholderFeet.feet) : undefined) : placeholderValue === undefined ? undefined : String(placeholderValue)}
          value={twoFields ? typed.feet : typed.text}
          onChange={(event) => update(twoFields ? { feet: event.target.value } : { text: event.target.value })}
        />
        {suffix ? (
          <span id={suffixId} className="number-field__suffix">
            {suffix}
          </span>
        ) : null}
        {twoFields ? (
          <>
            <input
              className="number-field__input number-field__input--inches"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              enterKeyHint="next"
              aria-labelledby={`${headingId} ${inchesSuffixId}`}
              aria-describedby={describedBy(undefined)}
              aria-invalid={invalid}
              placeholder={placeholderFeet ? String(placeholderFeet.inches) : undefined}
              value={typed.inches}
              onChange={(event) => update({ inches: event.target.value })}
            />
            <span id={inchesSuffixId} className="number-field__suffix">
              {t('units.in')}
            </span>
          </>
        ) : null}
      </div>
      <p id={errorId} className="field-error" role="alert">
        {message ?? ''}
      </p>
      {units ? (
        <fieldset className="unit-toggle">
          <legend className="visually-hidden">{t('units.legend')}</legend>
          {(['metric', 'imperial'] as const).map((system) => (
            <label key={system} className="unit-toggle__option">
              <input
                type="radio"
                name={`${step.id}-unit`}
                value={system}
                checked={unit === system}
                onChange={() => {
                  setUnit(system);
                  setAttempted(false);
                }}
              />
              <span>{t(`units.${units[system]}`)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <StepInfo step={step} />
      <button type="submit" className="primary-button" disabled={problem === 'blank'}>
        {t('continue')}
      </button>
    </form>
  );
}

function initialTyped(previous: FunnelAnswer | undefined): TypedNumber {
  switch (previous?.kind) {
    case 'measurement':
    case 'wholeNumber':
      return { text: previous.text, feet: '', inches: '' };
    case 'feetInches':
      return { text: '', feet: previous.feet, inches: previous.inches };
    default:
      return { text: '', feet: '', inches: '' };
  }
}
