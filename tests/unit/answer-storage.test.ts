import { describe, expect, it } from 'vitest';
import { answerStorageWrites, formatStoredNumber, initialUnitSystem, parseDecimal, parseWholeNumber } from '../../engine/answer-storage';
import type { CompiledStep } from '../../engine/compiled-flow';
import { stepOf } from './fixtures/small-compiled-flow';

describe('answerStorageWrites', () => {
  it('stores an option value under its key', () => {
    expect(answerStorageWrites(stepOf('gender'), { kind: 'choice', value: 'female' })).toEqual({ local: { gender: 'female' }, session: {} });
    expect(answerStorageWrites(stepOf('speedGoal'), { kind: 'choice', value: 'moderate' }).local).toEqual({ speedGoal: 'moderate' });
  });

  it('stores the English option text under the English heading for answerText steps', () => {
    expect(answerStorageWrites(stepOf('bestShape'), { kind: 'choice', value: 'cant-remember' }).local).toEqual({
      'How long ago were you in the best shape of your life?': "I can't really remember",
    });
  });

  it('stores 67 in as 170.18 cm, with the imperial flag and the height-entered flag', () => {
    expect(answerStorageWrites(stepOf('height'), { kind: 'measurement', text: '67', unit: 'imperial' }).local).toEqual({
      height: '170.18',
      useMetricOrImperial: 'false',
      heightEntered: 'true',
    });
  });

  it('stores centimetres as typed, with the metric flag', () => {
    expect(answerStorageWrites(stepOf('height'), { kind: 'measurement', text: '172,5', unit: 'metric' }).local).toEqual({
      height: '172.5',
      useMetricOrImperial: 'true',
      heightEntered: 'true',
    });
  });

  it('stores 150 lb as 68.0388 kg for weight and goal weight, without the height flag', () => {
    expect(answerStorageWrites(stepOf('weight'), { kind: 'measurement', text: '150', unit: 'imperial' }).local).toEqual({
      weight: '68.0388',
      useMetricOrImperial: 'false',
    });
    expect(answerStorageWrites(stepOf('goalWeight'), { kind: 'measurement', text: '143.5', unit: 'imperial' }).local).toEqual({
      goalWeight: '65.090452',
      useMetricOrImperial: 'false',
    });
  });

  it('stores an invalid measurement as 0', () => {
    expect(answerStorageWrites(stepOf('weight'), { kind: 'measurement', text: 'abc', unit: 'metric' }).local.weight).toBe('0');
  });

  it('stores age in whole years', () => {
    expect(answerStorageWrites(stepOf('age'), { kind: 'wholeNumber', text: ' 34 ' }).local).toEqual({ age: '34' });
    expect(answerStorageWrites(stepOf('age'), { kind: 'wholeNumber', text: '30.9' }).local).toEqual({ age: '30' });
    expect(answerStorageWrites(stepOf('age'), { kind: 'wholeNumber', text: 'thirty' }).local).toEqual({ age: '0' });
  });

  it('converts with the factor of the step\'s declared unit system, and writes the flags the system asks for', () => {
    const waist: CompiledStep = {
      ...stepOf('height'),
      id: 'waist',
      number: {
        metric: { unit: 'cm', toStored: 1, placeholder: 80, range: { min: 40, max: 200 }, decimals: true },
        imperial: { unit: 'in', toStored: 2.54, placeholder: 32, range: { min: 16, max: 79 }, decimals: true },
        rangeMessageKey: 'onboarding:steps.waist.range',
      },
    };
    // No enteredKey: no heightEntered; a toggle: the unit choice is stored for the next number step.
    expect(answerStorageWrites(waist, { kind: 'measurement', text: '32', unit: 'imperial' }).local).toEqual({ height: '81.28', useMetricOrImperial: 'false' });
    const hours: CompiledStep = {
      ...stepOf('age'),
      number: { metric: { unit: 'hours', toStored: 1, placeholder: 7.5, range: { min: 1, max: 16 }, decimals: true }, rangeMessageKey: 'onboarding:steps.sleep.range' },
    };
    // One unit with decimals: the decimal as typed, and no unit choice to store.
    expect(answerStorageWrites(hours, { kind: 'measurement', text: '7,5', unit: 'metric' }).local).toEqual({ age: '7.5' });
  });

  it('writes nothing for continue, and keeps the e-mail in session storage only', () => {
    expect(answerStorageWrites(stepOf('nutritionIntro'), { kind: 'continue' })).toEqual({ local: {}, session: {} });
    expect(answerStorageWrites(stepOf('email'), { kind: 'email', value: ' a@b.co ' })).toEqual({ local: {}, session: { email: 'a@b.co' } });
  });
});

describe('number parsing', () => {
  it('parses decimals with a dot or a comma, anything else is 0', () => {
    expect(parseDecimal('65.5')).toBe(65.5);
    expect(parseDecimal('65,5')).toBe(65.5);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('')).toBe(0);
    expect(parseDecimal('6e2')).toBe(0);
    expect(parseDecimal('-5')).toBe(0);
    expect(parseDecimal('65kg')).toBe(0);
  });

  it('parses whole numbers', () => {
    expect(parseWholeNumber('42')).toBe(42);
    expect(parseWholeNumber('')).toBe(0);
    expect(parseWholeNumber('4x')).toBe(0);
  });

  it('formats without float noise or trailing zeros', () => {
    expect(100.1 * 0.453592).toBe(45.404559199999994);
    expect(formatStoredNumber(100.1 * 0.453592)).toBe('45.4045592');
    expect(66 * 2.54).toBe(167.64000000000001);
    expect(formatStoredNumber(66 * 2.54)).toBe('167.64');
    expect(formatStoredNumber(67 * 2.54)).toBe('170.18');
    expect(formatStoredNumber(150 * 0.453592)).toBe('68.0388');
    expect(formatStoredNumber(70)).toBe('70');
    expect(formatStoredNumber(0)).toBe('0');
  });
});

describe('initialUnitSystem', () => {
  it('uses the browser language when nothing was chosen: US means imperial', () => {
    expect(initialUnitSystem(undefined, null, 'en-US')).toBe('imperial');
    expect(initialUnitSystem(undefined, null, 'de-DE')).toBe('metric');
    expect(initialUnitSystem(undefined, null, 'en-GB')).toBe('metric');
  });

  it('starts in imperial units for the regions the flow names (imperialRegions)', () => {
    expect(initialUnitSystem(undefined, null, 'es-US')).toBe('imperial');
    expect(initialUnitSystem(undefined, null, 'en')).toBe('metric');
    expect(initialUnitSystem(undefined, null, 'en-LR', ['US', 'LR'])).toBe('imperial');
    expect(initialUnitSystem(undefined, null, 'en-US', ['GB'])).toBe('metric');
    expect(initialUnitSystem(undefined, null, 'en-GB', ['GB'])).toBe('imperial');
  });

  it('carries the stored choice across steps and prefers the step own earlier choice', () => {
    expect(initialUnitSystem(undefined, 'false', 'de-DE')).toBe('imperial');
    expect(initialUnitSystem(undefined, 'true', 'en-US')).toBe('metric');
    expect(initialUnitSystem('metric', 'false', 'en-US')).toBe('metric');
  });
});
