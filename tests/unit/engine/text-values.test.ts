import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { calculators } from '../../../engine/calculators';
import type { CompiledStep } from '../../../engine/compiled-flow';
import type { FunnelAnswers } from '../../../engine/funnel-answer';
import { textValues, type TextValue } from '../../../engine/funnel-path';
import { StepLayout } from '../../../screens/funnel/step-layout';
import { InfoVisual } from '../../../screens/info-visual';
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

async function i18n(language: string, texts: Record<string, string>) {
  const instance = i18next.createInstance();
  const common: Record<string, unknown> = JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/${language}/common.json`, import.meta.url)), 'utf8'));
  await instance.use(initReactI18next).init({
    lng: language,
    interpolation: { escapeValue: false },
    resources: { [language]: { onboarding: { steps: { bmiNote: texts } }, common } },
    react: { useSuspense: false },
  });
  return instance;
}

async function render(language: string, step: CompiledStep, values: Readonly<Record<string, TextValue>>, text: string): Promise<string> {
  const instance = await i18n(language, { info: text });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: instance }, createElement(StepInfo, { step, values })));
}

describe('values in an info step\'s text', () => {
  it('come from the path\'s answers and calculators: numbers with a unit toggle in the unit they were typed in', () => {
    if (!bmiNote) throw new Error('no bmiNote');
    // 63 in and 198.4 lb: 160.02 cm and 89.99 kg, BMI 35.1; the weight is shown as typed, in lb.
    expect(textValues(flow, bmiNote, heavy, env)).toEqual({ bmi: 35.1, weight: { kind: 'quantity', amount: 198.4, unit: 'lb' } });
    const metric: FunnelAnswers = { ...heavy, height: { kind: 'measurement', text: '160', unit: 'metric' }, weight: { kind: 'measurement', text: '90', unit: 'metric' } };
    expect(textValues(flow, bmiNote, metric, env)).toEqual({ bmi: 35.2, weight: { kind: 'quantity', amount: 90, unit: 'kg' } });
    // Without a weight the BMI cannot be known: the value is left out.
    const { weight: _weight, ...withoutWeight } = heavy;
    expect(textValues(flow, bmiNote, withoutWeight, env)).toEqual({});
  });

  it('are formatted in the visitor\'s language and units: numbers, calendar days, lengths and weights', async () => {
    if (!bmiNote) throw new Error('no bmiNote');
    expect(branchingEnglish.steps.bmiNote).toEqual({ heading: 'Your BMI at {{weight}}', info: 'Your BMI is {{bmi, number}} at {{weight}}.' });
    const pounds: TextValue = { kind: 'quantity', amount: 1234.5, unit: 'lb' };
    expect(await render('en', bmiNote, { bmi: 27.4, weight: pounds }, 'Your BMI is {{bmi, number}} at {{weight}}.')).toBe('<p class="step-info">Your BMI is 27.4 at 1,234.5 lb.</p>');
    expect(await render('en', bmiNote, { weight: { kind: 'quantity', amount: 69.853168, unit: 'kg' } }, '{{weight}}')).toBe('<p class="step-info">69.9 kg</p>');
    expect(await render('de', bmiNote, { bmi: 27.4, weight: { kind: 'quantity', amount: 70.5, unit: 'kg' } }, 'Ihr BMI ist {{bmi, number}} bei {{weight}}.')).toBe('<p class="step-info">Ihr BMI ist 27,4 bei 70,5 kg.</p>');
    // A composite unit: 67 in as feet and inches, in the language's words and digits.
    const height: TextValue = { kind: 'quantity', amount: 67, unit: 'ftIn', per: 12 };
    expect(await render('en', bmiNote, { height }, '{{height}}')).toBe('<p class="step-info">5 ft 7 in</p>');
    const arabic = new Intl.NumberFormat('ar', { maximumFractionDigits: 1 });
    expect(await render('ar', bmiNote, { height, weight: pounds }, '{{height}} / {{weight}}')).toBe(
      `<p class="step-info">${arabic.format(5)} قدم ${arabic.format(7)} بوصة / ${arabic.format(1234.5)} رطل</p>`,
    );
    const day = new Date('2027-04-16T00:00:00Z');
    expect(await render('en', bmiNote, { goalDate: day }, 'by {{goalDate, datetime}}')).toBe('<p class="step-info">by April 16, 2027</p>');
    expect(await render('ar', bmiNote, { bmi: 27.4 }, '{{bmi, number}}')).toBe(`<p class="step-info">${new Intl.NumberFormat('ar').format(27.4)}</p>`);
  });

  it('fill an info step\'s heading and its visual\'s labels too', async () => {
    if (!bmiNote) throw new Error('no bmiNote');
    const instance = await i18n('en', { heading: 'Your BMI at {{weight}}', goal: 'Reach {{goal}} by {{goalDate, datetime}}' });
    const values: Readonly<Record<string, TextValue>> = { weight: { kind: 'quantity', amount: 154, unit: 'lb' }, goal: { kind: 'quantity', amount: 70, unit: 'kg' }, goalDate: new Date('2027-04-16T00:00:00Z') };
    const layout = renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n: instance },
        createElement(MemoryRouter, null, createElement(StepLayout, { step: bmiNote, headingId: 'h', progress: undefined, background: undefined, onBack: undefined, focusHeading: false, answersSurviveReload: true, textValues: values, children: null })),
      ),
    );
    expect(layout).toContain('>Your BMI at 154 lb</h1>');
    const visual = renderToStaticMarkup(
      createElement(I18nextProvider, { i18n: instance }, createElement(InfoVisual, { visual: { kind: 'checklist', items: [{ icon: 'bullseye', label: 'onboarding:steps.bmiNote.goal' }] }, values })),
    );
    expect(visual).toContain('Reach 70 kg by April 16, 2027');
  });

  it('show a term calculator\'s result as its word in the visitor\'s language (the BMI band)', async () => {
    const withBand = compileBranching(branchingFlow.replace('bmi: { computed: bmi }', 'bmi: { computed: bmi }, band: { computed: bmiBand }'));
    expect(withBand.messages).toEqual([]);
    const step = withBand.flow?.steps.find((candidate) => candidate.id === 'bmiNote');
    if (!step || !withBand.flow) throw new Error('no bmiNote');
    // 63 in and 198.4 lb: BMI 35.1, obese in the WHO bands.
    const values = textValues(withBand.flow, step, heavy, env);
    expect(values).toMatchObject({ bmi: 35.1, band: { kind: 'term', key: 'common:bmiBands.obese' } });
    expect(await render('en', step, values, '{{bmi, number}}: {{band}}')).toBe('<p class="step-info">35.1: Obesity</p>');
    expect(await render('ar', step, values, '{{bmi, number}}: {{band}}')).toBe(`<p class="step-info">${new Intl.NumberFormat('ar').format(35.1)}: السمنة</p>`);
  });

  it('draw the BMI scale: the bands as words, the visitor\'s current, and refuse a scale of a value the step does not have', async () => {
    const values = 'values: { bmi: { computed: bmi }, weight: { answer: weight } }';
    const scaled = branchingFlow.replace(values, `${values}\n    visual: { kind: bmiScale, value: bmi }`);
    const compiled = compileBranching(scaled);
    expect(compiled.messages).toEqual([]);
    const step = compiled.flow?.steps.find((candidate) => candidate.id === 'bmiNote');
    if (!step?.visual) throw new Error('no bmiNote visual');
    const instance = await i18n('en', {});
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: instance }, createElement(InfoVisual, { visual: step.visual, values: { bmi: 27.4 } })));
    expect(html).toContain('<li class="bmi-scale__band" aria-current="true">Overweight</li>');
    // 27.4 on 15-40: 49.6 % from the start.
    expect(html).toMatch(/inset-inline-start:49\.(6|59+\d*)%/);
    const unknown = compileBranching(scaled.replace('value: bmi', 'value: bmj'));
    expect(unknown.messages).toEqual([expect.stringContaining('steps.bmiNote.visual.value: "bmj" is not one of this step\'s values (bmi, weight)')]);
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
