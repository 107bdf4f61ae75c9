import type { CompiledNumber, CompiledStep, CompiledUnit } from './compiled-flow.ts';
import type { FunnelAnswer, UnitSystem } from './funnel-answer.ts';
import { westernDigits } from './western-digits.ts';

/** Spec section 4: a browser language for the US (en-US) starts number steps in imperial units. */
export const DEFAULT_IMPERIAL_REGIONS: readonly string[] = ['US'];

/** Spec section 9: the plans page shows weights in lb with this factor (the flow YAML declares its own). */
export const KILOGRAMS_PER_POUND = 0.453592;

/**
 * Decimal places kept in stored numbers. Products like 66 * 2.54 come out of binary floating point as
 * 167.64000000000001; rounding to 7 places removes that noise and keeps every digit of the exact decimal
 * product of a one-decimal input and the six-decimal lb factor (docs/decisions/0029-number-parsing-and-precision.md).
 */
const STORED_DECIMALS = 7;

/** Key/value pairs a submitted answer writes: `local` to localStorage, `session` to sessionStorage. */
export interface StorageWrites {
  readonly local: Readonly<Record<string, string>>;
  readonly session: Readonly<Record<string, string>>;
}

/**
 * Maps a step's answer to the storage writes the spec's table prescribes (onboarding spec, section 3):
 * option values under fixed keys, height in cm, weights in kg, age in whole years,
 * `useMetricOrImperial` ("true" = metric) and `heightEntered` with every measurement, English option text
 * under the English heading for `answerText` steps, and the sign-up e-mail in session storage only (the
 * password is the sign-up machine's, services/account/sign-up-cache.ts). Pure: the caller applies the
 * writes.
 */
export function answerStorageWrites(step: CompiledStep, answer: FunnelAnswer): StorageWrites {
  switch (answer.kind) {
    case 'choice':
      return { local: choiceWrites(step, answer.value), session: {} };
    case 'measurement':
    case 'feetInches':
    case 'wholeNumber':
      return { local: numberWrites(step, answer), session: {} };
    case 'choices':
      return { local: choicesWrites(step, answer.values), session: {} };
    case 'scale':
      return { local: textWrites(step, formatStoredNumber(answer.value)), session: {} };
    case 'date':
      return { local: textWrites(step, answer.value), session: {} };
    case 'text':
      return { local: textWrites(step, answer.text.trim()), session: {} };
    case 'continue':
      return { local: {}, session: {} };
    case 'email':
      return { local: {}, session: { email: answer.value.trim() } };
  }
}

/**
 * The keys a step's answer owns in local storage, removed when the visitor's path stops passing the
 * step. `useMetricOrImperial` and `heightEntered` are shared by every measurement step, so they stay.
 */
export function storageKeysOf(step: CompiledStep): string[] {
  if (step.storage.mode === 'value') return [step.storage.key];
  if (step.storage.mode === 'answerText') return [step.storage.englishHeading];
  return [];
}

function choiceWrites(step: CompiledStep, value: string): Record<string, string> {
  const storage = step.storage;
  if (storage.mode === 'value') return { [storage.key]: storage.map?.[value] ?? value };
  if (storage.mode === 'answerText') {
    const option = step.options?.find((candidate) => candidate.value === value);
    return option ? { [storage.englishHeading]: option.englishLabel } : {};
  }
  return {};
}

/**
 * A multi-select's picks as a JSON array: the option values (through `map`) under the step's key, or
 * the English option texts under the English heading (answerText), in the option set's order.
 */
function choicesWrites(step: CompiledStep, values: readonly string[]): Record<string, string> {
  const storage = step.storage;
  if (storage.mode === 'value') return { [storage.key]: JSON.stringify(values.map((value) => storage.map?.[value] ?? value)) };
  if (storage.mode === 'answerText') {
    const labels = values.flatMap((value) => step.options?.find((option) => option.value === value)?.englishLabel ?? []);
    return { [storage.englishHeading]: JSON.stringify(labels) };
  }
  return {};
}

/** A slider's number, a date (YYYY-MM-DD) or a short text, as is, under the key or the English heading. */
function textWrites(step: CompiledStep, text: string): Record<string, string> {
  const storage = step.storage;
  if (storage.mode === 'value') return { [storage.key]: text };
  if (storage.mode === 'answerText') return { [storage.englishHeading]: text };
  return {};
}

/**
 * A number in the stored unit under the step's key; on a step with a unit toggle also
 * `useMetricOrImperial` ("true" = metric), and the unit system's `enteredKey` (heightEntered) when set.
 */
function numberWrites(step: CompiledStep, answer: FunnelAnswer): Record<string, string> {
  const number = step.number;
  const unit = answerUnit(answer);
  if (step.storage.mode !== 'value' || number === undefined) return {};
  const writes: Record<string, string> = { [step.storage.key]: formatStoredNumber(storedNumber(step, answer) ?? 0) };
  if (number.imperial !== undefined && unit !== undefined) writes.useMetricOrImperial = unit === 'metric' ? 'true' : 'false';
  if (number.enteredKey !== undefined) writes[number.enteredKey] = 'true';
  return writes;
}

/** A clean decimal string: float noise rounded away, no trailing zeros ("170.18", "68.0388", "0"). */
export function formatStoredNumber(value: number): string {
  const scale = 10 ** STORED_DECIMALS;
  const rounded = Math.round(value * scale) / scale;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** The unit system an answer was given in (feet and inches are imperial), undefined for non-measurements. */
export function answerUnit(answer: FunnelAnswer | undefined): UnitSystem | undefined {
  if (answer?.kind === 'measurement') return answer.unit;
  if (answer?.kind === 'feetInches') return 'imperial';
  return undefined;
}

/**
 * The unit a number screen starts with: what the visitor chose on this step before, else the stored
 * `useMetricOrImperial` from an earlier number step (so in/lb carries across height, weight and goal
 * weight), else the browser language: a region of the flow's `imperialRegions` (en-US) means imperial
 * (spec section 4).
 */
export function initialUnitSystem(
  previous: UnitSystem | undefined,
  storedUseMetric: string | null,
  browserLanguage: string,
  imperialRegions: readonly string[] = DEFAULT_IMPERIAL_REGIONS,
): UnitSystem {
  if (previous) return previous;
  if (storedUseMetric === 'true') return 'metric';
  if (storedUseMetric === 'false') return 'imperial';
  const region = browserLanguage.split(/[-_]/).slice(1).find((subtag) => /^([A-Za-z]{2}|\d{3})$/.test(subtag));
  return region !== undefined && imperialRegions.includes(region.toUpperCase()) ? 'imperial' : 'metric';
}

/** A number answer read in the unit it was typed in, and converted to the stored unit. */
export interface ReadNumber {
  readonly unit: CompiledUnit;
  /** In `unit` (its minor unit for a composite: inches). */
  readonly typed: number;
  readonly stored: number;
}

const decimalPattern = /^(\d+([.,]\d*)?|[.,]\d+)$/;

/** The answer's number in the stored unit (cm, kg, years), undefined when it is none (blank, text, wrong kind). */
function storedNumber(step: CompiledStep, answer: FunnelAnswer): number | undefined {
  const read = readNumber(step, answer);
  return typeof read === 'object' ? read.stored : undefined;
}

/** The unit an answer of this kind is typed in on this step, undefined when the kind does not fit the step. */
function unitOfAnswer(number: CompiledNumber, answer: FunnelAnswer): CompiledUnit | undefined {
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

/** A number answer read in its unit and converted to the stored unit; why not, when it is none. */
export function readNumber(step: CompiledStep, answer: FunnelAnswer): ReadNumber | 'blank' | 'notANumber' {
  const unit = step.number === undefined ? undefined : unitOfAnswer(step.number, answer);
  if (unit === undefined) return 'notANumber';
  let typed: number | undefined;
  if (answer.kind === 'feetInches') {
    if (answer.feet.trim() === '') return 'blank';
    typed = compositeToMinor(westernDigits(answer.feet), westernDigits(answer.inches), unit.composite?.per ?? 1);
  } else if (answer.kind === 'measurement' || answer.kind === 'wholeNumber') {
    const text = westernDigits(answer.text);
    if (text.trim() === '') return 'blank';
    // A measurement answer on a composite side holds the minor unit (inches), as before ft+in fields.
    typed = isDecimalText(text) ? (unit.decimals ? parseDecimal(text) : parseWholeNumber(text)) : undefined;
  }
  if (typed === undefined) return 'notANumber';
  return { unit, typed, stored: typed * unit.toStored };
}

/**
 * Major and minor units as typed to minor units (5 ft 7 in -> 67 in): the major a whole number, the
 * minor a decimal below `per` (blank = 0). Undefined when either is not such a number, so the caller
 * can tell "5 ft 13 in" from a real height.
 */
function compositeToMinor(majorText: string, minorText: string, per: number): number | undefined {
  const major = majorText.trim();
  const minor = minorText.trim() === '' ? '0' : minorText.trim();
  if (!/^\d+$/.test(major) || !decimalPattern.test(minor)) return undefined;
  const minorValue = Number(minor.replace(',', '.'));
  if (!(minorValue < per)) return undefined;
  return Number(major) * per + minorValue;
}

/** True when the text is a decimal the parser understands ("67", "67.5", "67,5"). */
function isDecimalText(text: string): boolean {
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
