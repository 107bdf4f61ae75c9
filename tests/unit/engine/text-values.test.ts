import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { calculators } from '../../../engine/calculators';
import type { CompiledStep } from '../../../engine/compiled-flow';
import type { FunnelAnswers } from '../../../engine/funnel-answer';
import { textValues } from '../../../engine/funnel-path';
import { StepInfo } from '../../../screens/step-info';
import { branchingEnglish, branchingFlow, compileBranching, compiledBranchingFlow } from './branching-flow';

const flow = compiledBranchingFlow();
const env = { calculators, today: '2026-11-28' };
const bmiNote = flow.steps.find((step) => step.id === 'bmiNote');
const heavy: FunnelAnswers = {
  gender: { kind: 'choice', value: 'male' },
  goal: { kind: 'choice', value: 'keep' },
  height: { kind: 'feetInches', feet: '5', inches: '3' },
  weight: { kind: 'measurement', text: '198.4', unit: 'imperial' },
};

async function render(language: string, step: CompiledStep, values: Readonly<Record<string, string | number | Date>>, text: string): Promise<string> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    interpolation: { escapeValue: false },
    resources: { [language]: { onboarding: { steps: { bmiNote: { info: text } } } } },
    react: { useSuspense: false },
  });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: instance }, createElement(StepInfo, { step, values })));
}

describe('values in an info step\'s text', () => {
  it('come from the path\'s answers (stored unit) and calculators', () => {
    if (!bmiNote) throw new Error('no bmiNote');
    // 63 in and 198.4 lb: 160.02 cm and 89.99 kg.
    expect(textValues(flow, bmiNote, heavy, env)).toEqual({ bmi: 35.1, weight: 89.9926528 });
    // Without a weight the BMI cannot be known: the value is left out.
    const { weight: _weight, ...withoutWeight } = heavy;
    expect(textValues(flow, bmiNote, withoutWeight, env)).toEqual({});
  });

  it('are formatted in the visitor\'s language: numbers and calendar days', async () => {
    if (!bmiNote) throw new Error('no bmiNote');
    expect(branchingEnglish.steps.bmiNote).toEqual({ heading: 'Your BMI', info: 'Your BMI is {{bmi, number}} at {{weight, number}} kg.' });
    expect(await render('en', bmiNote, { bmi: 27.4, weight: 1234.5 }, 'Your BMI is {{bmi, number}} at {{weight, number}} kg.')).toBe(
      '<p class="step-info">Your BMI is 27.4 at 1,234.5 kg.</p>',
    );
    expect(await render('de', bmiNote, { bmi: 27.4 }, 'Ihr BMI ist {{bmi, number}}.')).toBe('<p class="step-info">Ihr BMI ist 27,4.</p>');
    const day = new Date('2027-04-16T00:00:00Z');
    expect(await render('en', bmiNote, { goalDate: day }, 'by {{goalDate, datetime}}')).toBe('<p class="step-info">by April 16, 2027</p>');
    expect(await render('ar', bmiNote, { bmi: 27.4 }, '{{bmi, number}}')).toBe(`<p class="step-info">${new Intl.NumberFormat('ar').format(27.4)}</p>`);
  });

  it('are checked: only on info steps, known calculators, answers given before', () => {
    const later = branchingFlow.replace('weight: { answer: weight } }', 'weight: { answer: intro } }');
    expect(compileBranching(later).messages).toEqual([
      expect.stringMatching(/^flows\/branchy\.yaml:\d+:\d+ steps\.bmiNote\.values\.weight\.answer: step "intro" comes after this step \(position 8\): a text shows only answers given before it$/),
    ]);
    const unknown = branchingFlow.replace('bmi: { computed: bmi }', 'bmi: { computed: bmii }');
    expect(compileBranching(unknown).messages).toEqual([expect.stringContaining('steps.bmiNote.values.bmi.computed: unknown calculator "bmii" - did you mean "bmi"?')]);
  });
});
