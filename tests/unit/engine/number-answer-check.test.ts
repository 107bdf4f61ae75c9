import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { answerStorageWrites } from '../../../engine/answer-storage';
import { compileFlowProject } from '../../../engine/compile-flow-project';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import type { CompiledStep } from '../../../engine/compiled-flow';
import { displayRange, numberAnswerProblem, splitComposite } from '../../../engine/number-answer-check';
import { readFlowProject } from '../../../engine/read-flow-project';
import { realProjectInput, repoRoot } from './flow-test-project';

/** The default flow's number steps, with the ranges its YAML declares (100-250 cm, 30-300 kg, 16-99 years). */
const flow = compileFlowProject(readFlowProject(fileURLToPath(new URL('../../..', import.meta.url)))).flows.get('default');
function step(id: string): CompiledStep {
  const found = flow?.steps.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no step ${id} in the default flow`);
  return found;
}

describe('numberAnswerProblem (engine/number-answer-check.ts)', () => {
  it('height in cm: blank, not a number, outside 100-250, inside (bounds included)', () => {
    const height = step('height');
    expect(height.number?.metric.range).toEqual({ min: 100, max: 250 });
    const cm = (text: string) => numberAnswerProblem(height, { kind: 'measurement', text, unit: 'metric' });
    expect(cm('  ')).toBe('blank');
    expect(cm('tall')).toBe('notANumber');
    expect(cm('99.9')).toBe('outOfRange');
    expect(cm('250.1')).toBe('outOfRange');
    expect(cm('427')).toBe('outOfRange');
    expect(cm('100')).toBeUndefined();
    expect(cm('250')).toBeUndefined();
    expect(cm('170,5')).toBeUndefined();
  });

  it('height in feet and inches is checked in cm: 14 ft refused, 5 ft 7 in and 6 ft (inches blank) accepted', () => {
    const height = step('height');
    const feet = (feetText: string, inches: string) => numberAnswerProblem(height, { kind: 'feetInches', feet: feetText, inches });
    expect(feet('14', '0')).toBe('outOfRange');
    expect(feet('3', '3')).toBe('outOfRange'); // 39 in = 99.06 cm
    expect(feet('5', '7')).toBeUndefined();
    expect(feet('6', '')).toBeUndefined();
    expect(feet('', '7')).toBe('blank');
    expect(feet('5', '13')).toBe('notANumber');
  });

  it('reads the digits of an Arabic or Persian keyboard as the same numbers, and stores them in Western digits', () => {
    const cm = (text: string) => numberAnswerProblem(step('height'), { kind: 'measurement', text, unit: 'metric' });
    expect(cm('١٧٠')).toBeUndefined();
    expect(cm('١٧٠٫٥')).toBeUndefined();
    expect(cm('۱۷۰')).toBeUndefined();
    expect(cm('٤٢٧')).toBe('outOfRange');
    expect(numberAnswerProblem(step('height'), { kind: 'feetInches', feet: '٥', inches: '٧' })).toBeUndefined();
    expect(numberAnswerProblem(step('age'), { kind: 'wholeNumber', text: '٣٤' })).toBeUndefined();
    expect(answerStorageWrites(step('height'), { kind: 'measurement', text: '١٧٠٫٥', unit: 'metric' }).local).toEqual(
      answerStorageWrites(step('height'), { kind: 'measurement', text: '170.5', unit: 'metric' }).local,
    );
  });

  it('weight and goal weight in pounds are checked in kg: 1000 lb refused, 150 lb accepted', () => {
    for (const id of ['weight', 'goalWeight']) {
      const lb = (text: string) => numberAnswerProblem(step(id), { kind: 'measurement', text, unit: 'imperial' });
      expect(lb('1000')).toBe('outOfRange'); // 453.6 kg
      expect(lb('60')).toBe('outOfRange'); // 27.2 kg
      expect(lb('150')).toBeUndefined();
      expect(numberAnswerProblem(step(id), { kind: 'measurement', text: '301', unit: 'metric' })).toBe('outOfRange');
    }
  });

  it('age: whole years from 16 to 99', () => {
    const years = (text: string) => numberAnswerProblem(step('age'), { kind: 'wholeNumber', text });
    expect(years('')).toBe('blank');
    expect(years('thirty')).toBe('notANumber');
    expect(years('12')).toBe('outOfRange');
    expect(years('100')).toBe('outOfRange');
    expect(years('16')).toBeUndefined();
    expect(years('34')).toBeUndefined();
  });
});

describe('a declared unit system (flow YAML unitSystems)', () => {
  const waist: CompiledStep = {
    ...step('height'),
    number: {
      metric: { unit: 'cm', toStored: 1, placeholder: 80, range: { min: 40, max: 200 }, decimals: true },
      imperial: { unit: 'in', toStored: 2.54, placeholder: 32, range: { min: 16, max: 79 }, decimals: true },
      rangeMessageKey: 'onboarding:steps.waist.range',
    },
  };

  it('checks an imperial unit with its own range in that unit, and shows that range', () => {
    const inches = (text: string) => numberAnswerProblem(waist, { kind: 'measurement', text, unit: 'imperial' });
    // 15.9 in = 40.4 cm is inside the metric range, but below the declared 16 in.
    expect(inches('15.9')).toBe('outOfRange');
    expect(inches('16')).toBeUndefined();
    expect(inches('79.5')).toBe('outOfRange');
    expect(displayRange(waist, 'imperial')).toEqual({ min: 16, max: 79 });
  });

  it('refuses answer shapes the system does not ask for: feet and inches without a composite, a whole number with a toggle', () => {
    expect(numberAnswerProblem(waist, { kind: 'feetInches', feet: '2', inches: '8' })).toBe('notANumber');
    expect(numberAnswerProblem(waist, { kind: 'wholeNumber', text: '80' })).toBe('notANumber');
    expect(numberAnswerProblem(step('age'), { kind: 'measurement', text: '34', unit: 'metric' })).toBe('notANumber');
  });
});

describe('displayRange and splitComposite', () => {
  it('shows the range in the visitor unit, rounded inwards so every value named is accepted', () => {
    expect(displayRange(step('height'), 'metric')).toEqual({ min: 100, max: 250 });
    expect(displayRange(step('height'), 'imperial')).toEqual({ min: 40, max: 98 });
    expect(displayRange(step('weight'), 'imperial')).toEqual({ min: 67, max: 661 });
    expect(displayRange(step('age'), 'imperial')).toEqual({ min: 16, max: 99 });
    expect(splitComposite(40, 12)).toEqual({ major: 3, minor: 4 });
    expect(splitComposite(98, 12)).toEqual({ major: 8, minor: 2 });
    expect(splitComposite(71.6, 12)).toEqual({ major: 6, minor: 0 });
  });
});

describe('the "Ask a number with units" example of docs/flows.md', () => {
  it('passes the check on top of the real flows once its texts exist, and stores and refuses as the guide says', () => {
    const guide = readFileSync(join(repoRoot, 'docs/flows.md'), 'utf8');
    const start = guide.indexOf('```yaml', guide.indexOf('A full example: a variant that asks the waist'));
    const example = guide.slice(start + '```yaml\n'.length, guide.indexOf('```', start + 7));
    const input = realProjectInput();
    const translationFiles = input.translationFiles.map((file) => {
      if (file.namespace !== 'onboarding') return file;
      const texts: { steps: Record<string, unknown> } = JSON.parse(file.text);
      texts.steps.waist = { heading: 'What is your waist?', info: 'Measured at the navel.', range: 'Please enter a waist between {{min}} and {{max}}.' };
      return { ...file, text: JSON.stringify(texts) };
    });
    const result = compileFlowProject({ ...input, flowFiles: [...input.flowFiles, { file: 'flows/waisty.yaml', text: example }], translationFiles });
    expect(result.diagnostics.map(formatFlowDiagnostic)).toEqual([]);
    const waist = result.flows.get('waisty')?.steps.find((candidate) => candidate.id === 'waist');
    if (!waist) throw new Error('not compiled');
    expect(answerStorageWrites(waist, { kind: 'measurement', text: '32', unit: 'imperial' }).local).toEqual({ waist: '81.28', useMetricOrImperial: 'false' });
    expect(numberAnswerProblem(waist, { kind: 'measurement', text: '15', unit: 'imperial' })).toBe('outOfRange');
    expect(displayRange(waist, 'imperial')).toEqual({ min: 16, max: 79 });
  });
});
