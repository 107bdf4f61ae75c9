import { readNumber } from './answer-storage.ts';
import type { CompiledStep } from './compiled-flow.ts';
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

/** The answer as typed, in its unit, undefined when it is no number of this step. */
export function typedQuantity(step: CompiledStep, answer: FunnelAnswer): TypedQuantity | undefined {
  const read = readNumber(step, answer);
  if (typeof read !== 'object') return undefined;
  const per = read.unit.composite?.per;
  return { kind: 'quantity', amount: read.typed, unit: read.unit.unit, ...(per === undefined ? {} : { per }) };
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
