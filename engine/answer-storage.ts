import { DEFAULT_IMPERIAL_REGIONS, type CompiledStep } from './compiled-flow.ts';
import type { FunnelAnswer, UnitSystem } from './funnel-answer.ts';
import { storedNumber } from './number-answer-check.ts';

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
