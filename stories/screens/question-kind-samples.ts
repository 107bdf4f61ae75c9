import type { CompiledStep } from '../../engine/compiled-flow';

/**
 * Samples of the question kinds no spec flow uses yet (multiSelect, slider, date, text), made from the
 * default flow's compiled steps so their texts exist in every language: what the test flow of
 * tests/e2e/support/question-kinds.yaml declares, as the compiler writes it.
 */
export function questionKindSamples(steps: ReadonlyMap<string, CompiledStep>): [string, CompiledStep][] {
  const from = (key: string): CompiledStep => {
    const step = steps.get(key);
    if (step === undefined) throw new Error(`No compiled step "${key}" to derive a sample from`);
    return step;
  };
  const cooking = from('default/cookingPreference');
  const sleep = from('default/sleepHours');
  const age = from('default/age');
  const email = from('v1/email');
  const withoutStorage = { storage: { mode: 'none' } } as const;
  return [
    ['samples/cooking', { ...cooking, id: 'cooking', screen: 'multiSelect', selections: { min: 1, max: 2 }, exclusive: 'everything' }],
    [
      'samples/sleep',
      {
        ...sleep,
        ...withoutStorage,
        id: 'sleep',
        screen: 'slider',
        options: undefined,
        scale: { min: 4, max: 12, step: 0.5, default: 8, minLabelKey: 'onboarding:options.sleepHours.less-than-5', maxLabelKey: 'onboarding:options.sleepHours.more-than-8' },
      },
    ],
    ['samples/birthDate', { ...age, ...withoutStorage, id: 'birthDate', screen: 'date', dateRange: { earliest: { years: -100 }, latest: { years: -16 } } }],
    ['samples/nickname', { ...email, ...withoutStorage, id: 'nickname', screen: 'text', textRules: { maxLength: 20 } }],
  ];
}
