import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompiledNumber, CompiledUnit } from '../engine/compiled-flow';
import type { FunnelAnswer, UnitSystem } from '../engine/funnel-answer';
import { displayRange, numberAnswerProblem, splitComposite, type NumberProblem } from '../engine/number-answer-check';
import type { ScreenProps } from './screen-props';
import { StepInfo } from './step-info';
import './number-screen.css';
import './form-feedback.css';

/** What the visitor typed: one field, or the major and minor fields of a composite unit (feet and inches). */
interface TypedNumber {
  readonly text: string;
  readonly feet: string;
  readonly inches: string;
}

/**
 * A number step (`screen: number`) in the unit system its YAML declares: a number field, or two for a
 * composite unit (feet + inches), the unit as suffix, a metric/imperial toggle when the system has an
 * imperial unit, and Continue. Continue is disabled while blank (spec); a submitted answer the machine
 * refuses (no number, or outside the plausible range) stays on the step with a message naming the range
 * in the visitor's unit. Which problem it is comes from the engine (`numberAnswerProblem`), the same
 * rule the machine's guard applies. The field is named by the step heading; the unit is part of its name.
 */
export function NumberScreen({ step, headingId, previousAnswer, canSubmit, onAnswer, initialUnit }: ScreenProps) {
  const { t, i18n } = useTranslation('common');
  const number = step.number;
  const [typed, setTyped] = useState<TypedNumber>(() => initialTyped(previousAnswer));
  const [system, setSystem] = useState<UnitSystem>(number?.imperial === undefined ? 'metric' : initialUnit);
  // The message appears after a refused Continue, then follows the typing until the value is fine.
  const [attempted, setAttempted] = useState(false);
  const inputId = useId();
  const suffixId = useId();
  const inchesSuffixId = useId();
  const errorId = useId();
  if (number === undefined) return null;
  const imperial = number.imperial;
  const unit = (system === 'imperial' ? imperial : undefined) ?? number.metric;
  const composite = unit.composite;
  const answer = toAnswer(number, unit, typed, system);
  const acceptable = canSubmit(answer);
  const problem = acceptable ? undefined : (numberAnswerProblem(step, answer) ?? 'notANumber');
  const split = composite === undefined || unit.placeholder === undefined ? undefined : splitComposite(unit.placeholder, composite.per);
  const suffix = t(`units.${composite?.major ?? unit.unit}`);
  const message = attempted && problem !== undefined && problem !== 'blank' ? problemMessage(problem) : undefined;
  const invalid = message !== undefined;
  const describedBy = (own: string | undefined) => [own, invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  const update = (change: Partial<TypedNumber>) => setTyped((current) => ({ ...current, ...change }));

  function problemMessage(which: Exclude<NumberProblem, 'blank'>): string {
    if (which === 'notANumber') return t(composite ? `numbers.${unit.unit}` : 'numbers.notANumber');
    const range = displayRange(step, system);
    if (!range || !number) return t('numbers.notANumber');
    const format = new Intl.NumberFormat(i18n.language);
    const show = (value: number): string => {
      if (composite) {
        const { major, minor } = splitComposite(value, composite.per);
        return t(`units.${unit.unit}Value`, { major: format.format(major), minor: format.format(minor) });
      }
      // Without a toggle the field's suffix names the one unit ("between 16 and 99").
      return imperial === undefined ? format.format(value) : `${format.format(value)} ${t(`units.${unit.unit}`)}`;
    };
    return t(number.rangeMessageKey, { min: show(range.min), max: show(range.max) });
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
          className={composite ? 'number-field__input number-field__input--part' : 'number-field__input'}
          type="text"
          inputMode={composite || !unit.decimals ? 'numeric' : 'decimal'}
          autoComplete="off"
          enterKeyHint="next"
          aria-labelledby={composite ? `${headingId} ${suffixId}` : headingId}
          aria-describedby={describedBy(composite ? undefined : suffixId)}
          aria-invalid={invalid}
          placeholder={composite ? (split ? String(split.major) : undefined) : unit.placeholder === undefined ? undefined : String(unit.placeholder)}
          value={composite ? typed.feet : typed.text}
          onChange={(event) => update(composite ? { feet: event.target.value } : { text: event.target.value })}
        />
        <span id={suffixId} className="number-field__suffix">
          {suffix}
        </span>
        {composite ? (
          <>
            <input
              className="number-field__input number-field__input--part"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              enterKeyHint="next"
              aria-labelledby={`${headingId} ${inchesSuffixId}`}
              aria-describedby={describedBy(undefined)}
              aria-invalid={invalid}
              placeholder={split ? String(split.minor) : undefined}
              value={typed.inches}
              onChange={(event) => update({ inches: event.target.value })}
            />
            <span id={inchesSuffixId} className="number-field__suffix">
              {t(`units.${composite.minor}`)}
            </span>
          </>
        ) : null}
      </div>
      <p id={errorId} className="field-error" role="alert">
        {message ?? ''}
      </p>
      {imperial ? (
        <fieldset className="unit-toggle">
          <legend className="visually-hidden">{t('units.legend')}</legend>
          {(['metric', 'imperial'] as const).map((option) => (
            <label key={option} className="unit-toggle__option">
              <input
                type="radio"
                name={`${step.id}-unit`}
                value={option}
                checked={system === option}
                onChange={() => {
                  setSystem(option);
                  setAttempted(false);
                }}
              />
              <span>{t(`units.${option === 'metric' ? number.metric.unit : imperial.unit}`)}</span>
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

/** The answer of what is typed: feet and inches for a composite, a whole number on a single whole-number unit (age). */
function toAnswer(number: CompiledNumber, unit: CompiledUnit, typed: TypedNumber, system: UnitSystem): FunnelAnswer {
  if (unit.composite) return { kind: 'feetInches', feet: typed.feet, inches: typed.inches };
  if (number.imperial === undefined && !unit.decimals) return { kind: 'wholeNumber', text: typed.text };
  return { kind: 'measurement', text: typed.text, unit: system };
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
