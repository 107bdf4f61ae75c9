import type { CompiledStep } from './compiled-flow';
import type { FunnelAnswer, UnitSystem } from './funnel-answer';

/** Spec section 9. */
export const CENTIMETRES_PER_INCH = 2.54;
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
      return { local: measurementWrites(step, answer.text, answer.unit), session: {} };
    case 'feetInches': {
      if (step.storage.mode !== 'value' || step.screen !== 'height') return { local: {}, session: {} };
      return {
        local: { [step.storage.key]: formatStoredNumber(feetInchesToCentimetres(answer.feet, answer.inches) ?? 0), useMetricOrImperial: 'false', heightEntered: 'true' },
        session: {},
      };
    }
    case 'wholeNumber': {
      if (step.storage.mode !== 'value') return { local: {}, session: {} };
      return { local: { [step.storage.key]: String(parseWholeNumber(answer.text)) }, session: {} };
    }
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

function measurementWrites(step: CompiledStep, text: string, unit: UnitSystem): Record<string, string> {
  if (step.storage.mode !== 'value') return {};
  const entered = parseDecimal(text);
  const isLength = step.screen === 'height';
  const factor = unit === 'metric' ? 1 : isLength ? CENTIMETRES_PER_INCH : KILOGRAMS_PER_POUND;
  const writes: Record<string, string> = {
    [step.storage.key]: formatStoredNumber(entered * factor),
    useMetricOrImperial: unit === 'metric' ? 'true' : 'false',
  };
  if (isLength) writes.heightEntered = 'true';
  return writes;
}

const decimalPattern = /^(\d+([.,]\d*)?|[.,]\d+)$/;

/** Inches in a foot. */
export const INCHES_PER_FOOT = 12;

/**
 * Feet and inches as typed to cm: feet a whole number, inches a decimal below 12 (blank = 0).
 * Undefined when either is not such a number, so the caller can tell "5 ft 13 in" from a real height.
 */
export function feetInchesToCentimetres(feetText: string, inchesText: string): number | undefined {
  const feet = feetText.trim();
  const inches = inchesText.trim() === '' ? '0' : inchesText.trim();
  if (!/^\d+$/.test(feet) || !decimalPattern.test(inches)) return undefined;
  const inchValue = Number(inches.replace(',', '.'));
  if (!(inchValue < INCHES_PER_FOOT)) return undefined;
  return (Number(feet) * INCHES_PER_FOOT + inchValue) * CENTIMETRES_PER_INCH;
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

/** Whole-number parse for age: digits, a typed fraction is cut off ("30.5" -> 30), invalid becomes 0. */
export function parseWholeNumber(text: string): number {
  const trimmed = text.trim();
  if (!decimalPattern.test(trimmed)) return 0;
  const value = Math.trunc(Number(trimmed.replace(',', '.')));
  return Number.isSafeInteger(value) ? value : 0;
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
 * The unit a measurement screen starts with: what the visitor chose on this step before, else the
 * stored `useMetricOrImperial` from an earlier measurement step (so in/lb carries across height, weight
 * and goal weight), else the browser language: one containing "US" means imperial (spec section 4).
 */
export function initialUnitSystem(
  previous: UnitSystem | undefined,
  storedUseMetric: string | null,
  browserLanguage: string,
): UnitSystem {
  if (previous) return previous;
  if (storedUseMetric === 'true') return 'metric';
  if (storedUseMetric === 'false') return 'imperial';
  return browserLanguage.includes('US') ? 'imperial' : 'metric';
}
