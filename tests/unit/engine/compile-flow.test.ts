import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompiledFlow } from '../../../engine/compiled-flow';
import { compileFlowProject } from '../../../engine/compile-flow-project';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import { realProjectInput, repoRoot } from './flow-test-project';

const english: unknown = JSON.parse(readFileSync(join(repoRoot, 'public/locales/en/onboarding.json'), 'utf8'));

/** Reads `a.b.c` from the English onboarding file, so expectations follow the real copy. */
function en(path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? Reflect.get(node, key) : undefined), english);
}

function compileAll(order?: string): ReadonlyMap<string, CompiledFlow> {
  const result = compileFlowProject(realProjectInput(), order === undefined ? {} : { order, orderSource: 'FLOW_ORDER' });
  expect(result.diagnostics.map(formatFlowDiagnostic)).toEqual([]);
  return result.flows;
}

function flow(flows: ReadonlyMap<string, CompiledFlow>, id: string): CompiledFlow {
  const found = flows.get(id);
  if (found === undefined) throw new Error(`no flow ${id}`);
  return found;
}

describe('compileFlow (real flows)', () => {
  const flows = compileAll();

  it('compiles the three flows with the spec step counts, in the routes order', () => {
    expect([...flows.keys()].sort()).toEqual(['default', 'v1', 'v2']);
    const ids = (id: string) => flow(flows, id).steps.map((s) => s.id);
    expect(ids('default')).toHaveLength(23);
    expect(ids('default').slice(0, 3)).toEqual(['gender', 'company', 'chooseGoal']);
    expect(ids('default').at(-1)).toBe('readyToStart');
    expect(ids('v2')).toEqual([...ids('default'), 'email', 'password']);
    // v1: two information steps after upcomingQuestions, feedback after weight (BMI) and once the plan's
    // answers are all known (goal date), then e-mail and password at the end.
    const v1 = ids('v1');
    expect(v1).toHaveLength(29);
    expect(v1.indexOf('yourBmi')).toBe(v1.indexOf('weight') + 1);
    expect(v1.slice(v1.indexOf('nutritionGoal'), v1.indexOf('nutritionGoal') + 3)).toEqual(['nutritionGoal', 'yourGoalDate', 'readyToStart']);
    expect(v1.slice(v1.indexOf('upcomingQuestions'), v1.indexOf('upcomingQuestions') + 4)).toEqual(['upcomingQuestions', 'sustainabilityIntro', 'caloricDensityIntro', 'height']);
    expect(v1.slice(-2)).toEqual(['email', 'password']);
  });

  it('gives every step its full route and its position', () => {
    const v1 = flow(flows, 'v1');
    expect(v1.basePath).toBe('/onboarding/v1');
    expect(v1.steps.map((s) => s.path)).toEqual(v1.steps.map((s) => `/onboarding/v1/${s.id}`));
    expect(v1.steps.map((s) => s.index)).toEqual(v1.steps.map((_s, i) => i));
    expect(flow(flows, 'default').exit).toBe('/sign-up/password');
    expect(flow(flows, 'default').steps[0]?.path).toBe('/onboarding/gender');
  });

  it('resolves English option labels and headings for answerText storage', () => {
    const chooseGoal = flow(flows, 'default').steps.find((s) => s.id === 'chooseGoal');
    expect(chooseGoal?.storage).toEqual({ mode: 'answerText', englishHeading: en('steps.chooseGoal.heading') });
    expect(chooseGoal?.options?.map((o) => o.englishLabel)).toEqual(
      ['lose-1-10', 'lose-11-20', 'lose-20-plus', 'gain-muscle', 'maintain', 'undecided'].map((v) => en(`options.mainGoal.${v}`)),
    );
    expect(chooseGoal?.options?.[0]?.labelKey).toBe('onboarding:options.mainGoal.lose-1-10');
    // v2 overrides the heading, so its answers are keyed by its own English heading.
    const v2Goal = flow(flows, 'v2').steps.find((s) => s.id === 'chooseGoal');
    expect(v2Goal?.headingKey).toBe('onboarding:steps.chooseGoal.headingV2');
    expect(v2Goal?.storage).toEqual({ mode: 'answerText', englishHeading: en('steps.chooseGoal.headingV2') });
  });

  it('carries storage, info, links, placeholders, backgrounds and the readyToStart timing', () => {
    const steps = new Map(flow(flows, 'v2').steps.map((s) => [s.id, s]));
    expect(steps.get('gender')).toMatchObject({
      screen: 'singleChoice',
      storage: { mode: 'value', key: 'gender' },
      infoKey: 'onboarding:steps.gender.info',
      links: [{ labelKey: 'onboarding:steps.gender.logIn', to: '/account/sign-in' }],
    });
    expect(steps.get('height')).toMatchObject({ screen: 'number', background: { female: '/images/v2/height-female.svg', male: '/images/v2/height-male.svg' } });
    // The unit system the step names (flows/default.yaml `unitSystems.length`), resolved into the step, defaults applied.
    expect(steps.get('height')?.number).toEqual({
      metric: { unit: 'cm', toStored: 1, placeholder: 165, range: { min: 100, max: 250 }, decimals: true },
      imperial: { unit: 'ftIn', toStored: 2.54, placeholder: 65, decimals: true, composite: { major: 'ft', minor: 'in', per: 12 } },
      rangeMessageKey: 'common:numbers.range.height',
      enteredKey: 'heightEntered',
    });
    expect(steps.get('age')?.number).toEqual({
      metric: { unit: 'years', toStored: 1, placeholder: 30, range: { min: 16, max: 99 }, decimals: false },
      rangeMessageKey: 'common:numbers.range.age',
    });
    expect(flow(flows, 'v2').imperialRegions).toEqual(['US']);
    expect(steps.get('readyToStart')).toMatchObject({ confetti: { pieces: 800, durationMs: 3000 }, autoAdvanceMs: 3000, storage: { mode: 'none' } });
    expect(steps.get('activityLevel')?.options?.[0]).toEqual({
      value: 'sedentary',
      labelKey: 'onboarding:options.activityLevel.sedentary',
      descriptionKey: 'onboarding:options.activityLevel.sedentary-description',
      icon: 'couch-and-lamp',
      englishLabel: en('options.activityLevel.sedentary'),
    });
    expect(steps.get('gender')?.optionLayout).toBe('tiles');
    expect(steps.get('nutritionIntro')?.visual).toMatchObject({ kind: 'share', percent: 80 });
    // Default has no backgrounds: the field is absent, not undefined, so the JSON stays small.
    expect(Object.keys(flow(flows, 'default').steps[0] ?? {})).not.toContain('background');
  });

  it('switches every flow to the other reading with one order name', () => {
    const listing = compileAll('listing');
    const ids = (id: string) => flow(listing, id).steps.map((s) => s.id);
    expect(flow(listing, 'default').order).toBe('listing');
    expect(ids('default').slice(0, 5)).toEqual(['gender', 'company', 'chooseGoal', 'nutritionGoal', 'bodyShape']);
    expect(ids('v1').indexOf('sustainabilityIntro')).toBe(ids('v1').indexOf('nutritionGoal') + 1);
    expect(ids('v1').indexOf('caloricDensityIntro')).toBe(ids('v1').indexOf('speedGoal') + 1);
    expect([...ids('default')].sort()).toEqual([...flow(flows, 'default').steps.map((s) => s.id)].sort());
  });

  it('produces plain JSON data', () => {
    const data = flow(flows, 'v1');
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});
