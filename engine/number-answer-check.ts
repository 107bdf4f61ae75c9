import type { CompiledNumber, CompiledStep, CompiledUnit } from './compiled-flow.ts';
import type { FunnelAnswer, UnitSystem } from './funnel-answer.ts';

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
 * A number answer in the unit the visitor typed it in, for the texts of info steps ("154 lb", "5 ft 7 in"):
 * `amount` in `unit` (in the minor unit of a composite, which `per` minor units make one major).
 */
export interface TypedQuantity {
  readonly kind: 'quantity';
  readonly amount: number;
  readonly unit: string;
  readonly per?: number;
}

/** A number answer read in the unit it was typed in, and converted to the stored unit. */
interface ReadNumber {
  readonly unit: CompiledUnit;
  /** In `unit` (its minor unit for a composite: inches). */
  readonly typed: number;
  readonly stored: number;
}

const decimalPattern = /^(\d+([.,]\d*)?|[.,]\d+)$/;

/**
 * What is wrong with a number answer for a number step, or undefined when the machine may accept it.
 * A unit with its own `range` is checked in that unit; otherwise the value is converted to the stored
 * (metric) unit and checked against the metric range, so the YAML can state one range for both.
 */
export function numberAnswerProblem(step: CompiledStep, answer: FunnelAnswer): NumberProblem | undefined {
  const read = readNumber(step, answer);
  if (read === 'blank' || read === 'notANumber') return read;
  const metricRange = step.number?.metric.range;
  const [value, range] = read.unit.range ? [read.typed, read.unit.range] : [read.stored, metricRange];
  if (range && (value < range.min || value > range.max)) return 'outOfRange';
  return undefined;
}

/** The answer's number in the stored unit (cm, kg, years), undefined when it is none (blank, text, wrong kind). */
export function storedNumber(step: CompiledStep, answer: FunnelAnswer): number | undefined {
  const read = readNumber(step, answer);
  return typeof read === 'object' ? read.stored : undefined;
}

/** The answer as typed, in its unit, undefined when it is no number of this step. */
export function typedQuantity(step: CompiledStep, answer: FunnelAnswer): TypedQuantity | undefined {
  const read = readNumber(step, answer);
  if (typeof read !== 'object') return undefined;
  const per = read.unit.composite?.per;
  return { kind: 'quantity', amount: read.typed, unit: read.unit.unit, ...(per === undefined ? {} : { per }) };
}

/** The unit an answer of this kind is typed in on this step, undefined when the kind does not fit the step. */
export function unitOfAnswer(number: CompiledNumber, answer: FunnelAnswer): CompiledUnit | undefined {
  switch (answer.kind) {
    case 'measurement':
      // A single-unit step asks for a whole number (`wholeNumber`) or a decimal in its metric unit.
      if (number.imperial === undefined && !number.metric.decimals) return undefined;
      return answer.unit === 'metric' ? number.metric : number.imperial;
    case 'feetInches':
      return number.imperial?.composite === undefined ? undefined : number.imperial;
    case 'wholeNumber':
      return number.imperial === undefined && !number.metric.decimals ? number.metric : undefined;
    default:
      return undefined;
  }
}

function readNumber(step: CompiledStep, answer: FunnelAnswer): ReadNumber | 'blank' | 'notANumber' {
  const unit = step.number === undefined ? undefined : unitOfAnswer(step.number, answer);
  if (unit === undefined) return 'notANumber';
  let typed: number | undefined;
  if (answer.kind === 'feetInches') {
    if (answer.feet.trim() === '') return 'blank';
    typed = compositeToMinor(answer.feet, answer.inches, unit.composite?.per ?? 1);
  } else if (answer.kind === 'measurement' || answer.kind === 'wholeNumber') {
    if (answer.text.trim() === '') return 'blank';
    // A measurement answer on a composite side holds the minor unit (inches), as before ft+in fields.
    typed = isDecimalText(answer.text) ? (unit.decimals ? parseDecimal(answer.text) : parseWholeNumber(answer.text)) : undefined;
  }
  if (typed === undefined) return 'notANumber';
  return { unit, typed, stored: typed * unit.toStored };
}

/**
 * Major and minor units as typed to minor units (5 ft 7 in -> 67 in): the major a whole number, the
 * minor a decimal below `per` (blank = 0). Undefined when either is not such a number, so the caller
 * can tell "5 ft 13 in" from a real height.
 */
export function compositeToMinor(majorText: string, minorText: string, per: number): number | undefined {
  const major = majorText.trim();
  const minor = minorText.trim() === '' ? '0' : minorText.trim();
  if (!/^\d+$/.test(major) || !decimalPattern.test(minor)) return undefined;
  const minorValue = Number(minor.replace(',', '.'));
  if (!(minorValue < per)) return undefined;
  return Number(major) * per + minorValue;
}

/**
 * The step's range in the unit the visitor sees: the unit's own range, else the metric range converted
 * and rounded inwards to whole units so every value the message names is accepted (100-250 cm is
 * 40-98 in; 30-300 kg is 67-661 lb). A composite's range is in its minor unit; `splitComposite` splits
 * it for display. Undefined when the step declares no range.
 */
export function displayRange(step: CompiledStep, system: UnitSystem): DisplayRange | undefined {
  const number = step.number;
  const unit = system === 'imperial' ? (number?.imperial ?? number?.metric) : number?.metric;
  if (!unit) return undefined;
  if (unit.range) return unit.range;
  const range = number?.metric.range;
  if (!range) return undefined;
  // A tiny tolerance keeps exact conversions (e.g. 254 cm = 100 in) from rounding the wrong way.
  return { min: Math.ceil(range.min / unit.toStored - 1e-9), max: Math.floor(range.max / unit.toStored + 1e-9) };
}

/** Minor units as whole major and minor units (65 in -> 5 ft 5 in), rounded to a whole minor unit. */
export function splitComposite(totalMinor: number, per: number): { readonly major: number; readonly minor: number } {
  const rounded = Math.round(totalMinor);
  return { major: Math.floor(rounded / per), minor: rounded % per };
}

/** True when the text is a decimal the parser understands ("67", "67.5", "67,5"). */
export function isDecimalText(text: string): boolean {
  return decimalPattern.test(text.trim());
}

/**
 * Parses a typed decimal: "67", "67.5", "67,5" (comma for languages that write it). Empty, negative or
 * anything else is invalid and becomes 0 (spec section 5).
 */
export function parseDecimal(text: string): number {
  const trimmed = text.trim();
  if (!decimalPattern.test(trimmed)) return 0;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : 0;
}

/** Whole-number parse (age): digits, a typed fraction is cut off ("30.5" -> 30), invalid becomes 0. */
export function parseWholeNumber(text: string): number {
  const trimmed = text.trim();
  if (!decimalPattern.test(trimmed)) return 0;
  const value = Math.trunc(Number(trimmed.replace(',', '.')));
  return Number.isSafeInteger(value) ? value : 0;
}
