import { CENTIMETRES_PER_INCH, INCHES_PER_FOOT, KILOGRAMS_PER_POUND, feetInchesToCentimetres, isDecimalText, parseDecimal, parseWholeNumber } from './answer-storage';
import type { CompiledStep } from './compiled-flow';
import type { FunnelAnswer, UnitSystem } from './funnel-answer';

/**
 * Why a number step refuses an answer:
 * - `blank`: nothing typed yet (Continue stays disabled, spec section 5);
 * - `notANumber`: text that is no number ("thirty", "5 ft 13 in");
 * - `outOfRange`: a number outside the step's plausible range from the flow YAML (a 14-ft height).
 */
export type NumberProblem = 'blank' | 'notANumber' | 'outOfRange';

/** A step's plausible range shown in one unit: cm, kg, years (metric) or in, lb (imperial). */
export interface DisplayRange {
  readonly min: number;
  readonly max: number;
}

/**
 * What is wrong with a number answer for a height, weight or age step, or undefined when the machine
 * may accept it. The value is checked after conversion to the stored unit (cm, kg, years), against the
 * step's `range` from the flow YAML, so the YAML states one range whatever unit the visitor types in.
 */
export function numberAnswerProblem(step: CompiledStep, answer: FunnelAnswer): NumberProblem | undefined {
  const stored = storedNumber(step, answer);
  if (stored === 'blank' || stored === 'notANumber') return stored;
  if (step.range && (stored < step.range.min || stored > step.range.max)) return 'outOfRange';
  return undefined;
}

function storedNumber(step: CompiledStep, answer: FunnelAnswer): number | 'blank' | 'notANumber' {
  switch (answer.kind) {
    case 'measurement': {
      if (answer.text.trim() === '') return 'blank';
      if (!isDecimalText(answer.text)) return 'notANumber';
      const factor = answer.unit === 'metric' ? 1 : step.screen === 'height' ? CENTIMETRES_PER_INCH : KILOGRAMS_PER_POUND;
      return parseDecimal(answer.text) * factor;
    }
    case 'feetInches': {
      if (answer.feet.trim() === '') return 'blank';
      return feetInchesToCentimetres(answer.feet, answer.inches) ?? 'notANumber';
    }
    case 'wholeNumber': {
      if (answer.text.trim() === '') return 'blank';
      return isDecimalText(answer.text) ? parseWholeNumber(answer.text) : 'notANumber';
    }
    default:
      return 'notANumber';
  }
}

/**
 * The step's range in the unit the visitor sees, rounded inwards to whole units so every value the
 * message names is accepted (100-250 cm is 40-98 in; 30-300 kg is 67-661 lb). Height in imperial is in
 * inches; `feetAndInches` splits it for display. Undefined when the step declares no range.
 */
export function displayRange(step: CompiledStep, unit: UnitSystem): DisplayRange | undefined {
  const range = step.range;
  if (!range) return undefined;
  if (unit === 'metric' || step.screen === 'age') return range;
  const perUnit = step.screen === 'height' ? CENTIMETRES_PER_INCH : KILOGRAMS_PER_POUND;
  // A tiny tolerance keeps exact conversions (e.g. 254 cm = 100 in) from rounding the wrong way.
  return { min: Math.ceil(range.min / perUnit - 1e-9), max: Math.floor(range.max / perUnit + 1e-9) };
}

/** Whole inches as feet and inches (65 -> 5 ft 5 in). */
export function feetAndInches(totalInches: number): { readonly feet: number; readonly inches: number } {
  const rounded = Math.round(totalInches);
  return { feet: Math.floor(rounded / INCHES_PER_FOOT), inches: rounded % INCHES_PER_FOOT };
}
