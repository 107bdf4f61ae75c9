import { describe, expect, it } from 'vitest';
import type { FlowProjectOptions } from '../../../engine/compile-flow-project';
import { compileFlowProject } from '../../../engine/compile-flow-project';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import { positionOf } from './flow-test-project';
import { englishCommonFile, unitSystemsYaml } from './unit-systems-fixture';

const english = {
  steps: {
    gender: { heading: 'Gender?', logIn: 'Log in' },
    goal: { heading: 'Goal?' },
    shape: { heading: 'Shape?' },
    height: { heading: 'Height?', info: 'Why height' },
    intro: { heading: 'Did you know?', info: 'Facts' },
    email: { heading: 'E-mail?' },
    password: { heading: 'Password?' },
  },
  options: { gender: { female: 'Female', male: 'Male' }, goal: { lose: 'Lose', keep: 'Keep' } },
};

const flow = `version: 1
id: demo
basePath: /onboarding
exit: /sign-up/password
order: main
orders:
  main: [gender, goal, height, intro]
optionSets:
  gender:
    - value: female
    - value: male
  goal:
    - value: lose
    - value: keep
storageKeys:
  gender: { form: option }
  height: { form: number }
  useMetricOrImperial: { form: flag }
  heightEntered: { form: flag }
${unitSystemsYaml}steps:
  gender:
    screen: singleChoice
    options: gender
    storage: { mode: value, key: gender }
    links:
      - { label: "onboarding:steps.gender.logIn", to: /account/sign-in }
  goal:
    screen: singleChoice
    options: goal
    storage: { mode: answerText }
  shape:
    screen: singleChoice
    options: goal
    storage: { mode: answerText }
  height:
    screen: number
    unitSystem: length
    storage: { mode: value, key: height }
    info: true
  intro:
    screen: info
    info: true
  email:
    screen: signUpEmail
  password:
    screen: signUpPassword
`;

function check(text: string, options: FlowProjectOptions & { translations?: unknown; images?: readonly string[] } = {}): string[] {
  const result = compileFlowProject(
    {
      flowFiles: [{ file: 'flows/demo.yaml', text }],
      translationFiles: [{ namespace: 'onboarding', file: 'public/locales/en/onboarding.json', text: JSON.stringify(options.translations ?? english) }, englishCommonFile],
      publicFileExists: (path) => (options.images ?? []).includes(path),
    },
    options,
  );
  return result.diagnostics.map(formatFlowDiagnostic);
}

/** `flows/demo.yaml:<line>:<col>` of `needle` (searched after `after`) in `text`. */
function at(text: string, needle: string, after = ''): string {
  const { line, column } = positionOf(text, needle, after);
  return `flows/demo.yaml:${line}:${column}`;
}

describe('verifyFlow', () => {
  it('accepts a correct flow', () => {
    expect(check(flow)).toEqual([]);
  });

  it('locates an unknown step in an order and suggests the nearest defined one', () => {
    const text = flow.replace('main: [gender, goal, height, intro]', 'main: [gender, gaol, height, intro]');
    expect(check(text)).toEqual([`${at(text, 'gaol')} orders.main[1]: unknown step "gaol" - did you mean "goal"?`]);
  });

  it('rejects a step listed twice', () => {
    const text = flow.replace('main: [gender, goal, height, intro]', 'main: [gender, goal, height, goal]');
    expect(check(text)).toEqual([`${at(text, 'goal', 'height,')} orders.main[3]: step "goal" is listed twice in order "main" (first at position 2)`]);
  });

  it('rejects an order line naming no order, and a FLOW_ORDER the flow lacks', () => {
    const text = flow.replace('order: main', 'order: mian');
    expect(check(text)).toEqual([`${at(text, 'mian')} order: unknown order "mian" - did you mean "main"? (orders: main)`]);
    expect(check(flow, { order: 'listing', orderSource: 'FLOW_ORDER' })).toEqual([
      `${at(flow, 'main', 'order: ')} order: FLOW_ORDER "listing" does not exist in this flow (orders: main)`,
    ]);
  });

  it('checks option sets: they exist, singleChoice has one, and only singleChoice uses one', () => {
    const unknownSet = flow.replace('options: goal\n    storage: { mode: answerText }\n  shape', 'options: gaol\n    storage: { mode: answerText }\n  shape');
    expect(check(unknownSet)).toEqual([`${at(unknownSet, 'gaol')} steps.goal.options: unknown option set "gaol" - did you mean "goal"?`]);

    const noOptions = flow.replace('    options: gender\n', '');
    expect(check(noOptions)).toEqual([`${at(noOptions, 'screen: singleChoice')} steps.gender.options: singleChoice steps need an option set: add "options: <set name>"`]);

    const infoWithOptions = flow.replace('    screen: info\n', '    screen: info\n    options: goal\n');
    expect(check(infoWithOptions)).toEqual([`${at(infoWithOptions, 'goal', 'screen: info')} steps.intro.options: options only apply to singleChoice and multiSelect steps (this step is "info")`]);
  });

  it('requires number steps to store a value in a declared unit system', () => {
    const noStorage = flow.replace('    storage: { mode: value, key: height }\n', '    storage: { mode: none }\n');
    expect(check(noStorage)).toEqual([`${at(noStorage, '{ mode: none }')} steps.height.storage: number steps store a number: use storage { mode: value, key: <key> }`]);
    const noSystem = flow.replace('    unitSystem: length\n', '');
    expect(check(noSystem)).toEqual([
      `${at(noSystem, 'number', 'height:\n')} steps.height.screen: number steps need "unitSystem: <name>", one of the flow's unitSystems (length, bodyWeight, years)`,
    ]);
    const typo = flow.replace('unitSystem: length', 'unitSystem: lenght');
    expect(check(typo)).toEqual([`${at(typo, 'lenght')} steps.height.unitSystem: unknown unit system "lenght" - did you mean "length"? (declared: length, bodyWeight, years)`]);
    const onInfo = flow.replace('    screen: info\n', '    screen: info\n    unitSystem: length\n');
    expect(check(onInfo)).toEqual([`${at(onInfo, 'length', 'screen: info')} steps.intro.unitSystem: unitSystem only applies to number steps (this step is "info")`]);
  });

  it('checks the unit system a number step uses: known units, placeholders, ranges, factors, with a suggestion', () => {
    const unknownUnit = flow.replace('{ unit: cm,', '{ unit: cms,');
    expect(check(unknownUnit)).toEqual([
      `${at(unknownUnit, 'cms')} unitSystems.length.metric.unit: unknown unit "cms" - did you mean "cm"?: a unit needs its label "units.cms" in public/locales/en/common.json (known: legend, cm, in, kg, lb, years, ft, ftIn, ftInValue)`,
    ]);
    const noPlaceholder = flow.replace('placeholder: 65, composite', 'composite');
    expect(check(noPlaceholder)).toEqual([
      `${at(noPlaceholder, '{ unit: ftIn')} unitSystems.length.imperial: missing placeholder: add "placeholder: <number>", the example shown in the empty field, in in`,
    ]);
    const noRange = flow.replace('placeholder: 165, range: { min: 100, max: 250 } }', 'placeholder: 165 }');
    expect(check(noRange)).toEqual([
      `${at(noRange, '{ unit: cm')} unitSystems.length.metric: missing range: add "range: { min, max }", the plausible values in cm (conditions compare answers in it)`,
    ]);
    const noFactor = flow.replace('toStored: 2.54, ', '');
    expect(check(noFactor)).toEqual([`${at(noFactor, '{ unit: ftIn')} unitSystems.length.imperial: missing toStored: add how many cm one in is, e.g. "toStored: 2.54"`]);
    const zeroFactor = flow.replace('toStored: 2.54', 'toStored: 0');
    expect(check(zeroFactor)).toEqual([
      `${at(zeroFactor, '0, placeholder: 65')} unitSystems.length.imperial.toStored: number 0 is too small: must be above 0: how many stored units one of this unit is, e.g. 2.54 (cm per in)`,
    ]);
    const metricFactor = flow.replace('{ unit: cm,', '{ unit: cm, toStored: 1000,');
    expect(check(metricFactor)).toEqual([`${at(metricFactor, '1000')} unitSystems.length.metric.toStored: the metric unit is the stored unit: remove "toStored" (it is 1)`]);
    const upsideDown = flow.replace('range: { min: 100, max: 250 }', 'range: { min: 250, max: 100 }');
    expect(check(upsideDown)).toEqual([`${at(upsideDown, '100 }')} unitSystems.length.metric.range.max: min must be below max: swap them, or widen the range`]);
    const unknownMinor = flow.replace('minor: in,', 'minor: inch,');
    expect(check(unknownMinor)).toEqual([
      `${at(unknownMinor, 'inch')} unitSystems.length.imperial.composite.minor: unknown unit "inch" - did you mean "in"?: a unit needs its label "units.inch" in public/locales/en/common.json (known: legend, cm, in, kg, lb, years, ft, ftIn, ftInValue)`,
    ]);
    const noMessage = flow.replace('common:numbers.range.height', 'common:numbers.range.waist');
    expect(check(noMessage)).toEqual([
      `${at(noMessage, 'common:numbers.range.waist')} unitSystems.length.rangeMessage: the out-of-range message "common:numbers.range.waist" not found in public/locales/en/common.json: add it there (and in every language)`,
    ]);
  });

  it('allows each storage key to be written by one step only', () => {
    const text = flow.replace('key: height }', 'key: gender }');
    expect(check(text)).toEqual([
      `${at(text, 'gender }', 'screen: number')} steps.height.storage.key: key "gender" is declared as option (storageKeys), but a number step writes number`,
      `${at(text, 'gender }', 'screen: number')} steps.height.storage.key: storage key "gender" is already written by step "gender"`,
    ]);
  });

  it('rejects answerText steps whose English headings collide (they would overwrite each other)', () => {
    const text = flow.replace('main: [gender, goal, height, intro]', 'main: [gender, goal, shape, height, intro]');
    const translations = { ...english, steps: { ...english.steps, shape: { heading: 'Goal?' } } };
    expect(check(text, { translations })).toEqual([
      `${at(text, 'screen', '  shape:')} steps.shape.heading: English heading "Goal?" is already the storage key of step "goal"; answerText steps need distinct headings`,
    ]);
  });

  it('checks storage map keys against the step options', () => {
    const text = flow.replace('key: gender }', 'key: gender, map: { femal: "true" } }');
    expect(check(text)).toEqual([`${at(text, 'femal', 'map:')} steps.gender.storage.map.femal: unknown option value "femal" - did you mean "female"?`]);
  });

  it('keeps sign-up steps at the end', () => {
    const text = flow.replace('main: [gender, goal, height, intro]', 'main: [gender, email, goal, height, intro, password]');
    expect(check(text)).toEqual([
      `${at(text, 'goal', 'email, ')} orders.main[2]: step "goal" comes after the sign-up step "email"; sign-up steps must be last`,
      `${at(text, 'height', 'email, ')} orders.main[3]: step "height" comes after the sign-up step "email"; sign-up steps must be last`,
      `${at(text, 'intro', 'email, ')} orders.main[4]: step "intro" comes after the sign-up step "email"; sign-up steps must be last`,
    ]);
  });

  it('requires the funnel to end in sign-up and to leave the flow', () => {
    const elsewhere = flow.replace('exit: /sign-up/password', 'exit: /checkout/plans');
    expect(check(elsewhere)).toEqual([
      `${at(elsewhere, '/checkout/plans')} exit: the funnel must end in sign-up: exit "/checkout/plans" is not under /sign-up and the last step "intro" is not a sign-up step`,
    ]);
    // Ending with the sign-up steps is also an end in sign-up.
    expect(check(elsewhere.replace('main: [gender, goal, height, intro]', 'main: [gender, goal, height, intro, email, password]'))).toEqual([]);
    const loop = flow.replace('exit: /sign-up/password', 'exit: /onboarding/gender').replace('main: [gender, goal, height, intro]', 'main: [gender, email]');
    expect(check(loop)).toEqual([`${at(loop, '/onboarding/gender')} exit: exit "/onboarding/gender" leads back into the flow (/onboarding); it must leave the funnel`]);
  });

  it('requires every referenced translation key in the English files', () => {
    const { intro: _intro, ...steps } = english.steps;
    const translations = { steps: { ...steps, intro: { heading: 'Did you know?' } }, options: { ...english.options, goal: { lose: 'Lose' } } };
    expect(check(flow, { translations })).toEqual([
      `${at(flow, 'value: keep')} optionSets.goal[1].label: translation key "onboarding:options.goal.keep" not found in public/locales/en/onboarding.json`,
      `${at(flow, 'true', '  intro:')} steps.intro.info: translation key "onboarding:steps.intro.info" not found in public/locales/en/onboarding.json`,
    ]);
  });

  it('requires background images to exist under public/', () => {
    const text = flow.replace('    info: true\n  email', '    info: true\n    background: { all: /images/intro.svg }\n  email');
    expect(check(text)).toEqual([`${at(text, '/images/intro.svg')} steps.intro.background.all: image "/images/intro.svg" not found (expected the file public/images/intro.svg)`]);
    expect(check(text, { images: ['/images/intro.svg'] })).toEqual([
      `${at(text, '/images/intro.svg')} steps.intro.background.all: the desktop crop of "/images/intro.svg" is missing (expected the file public/images/intro-wide.svg)`,
    ]);
    expect(check(text, { images: ['/images/intro.svg', '/images/intro-wide.svg'] })).toEqual([]);
  });

  it('requires each option icon to exist under public/icons/', () => {
    const text = flow.replace('    - value: female\n', '    - value: female\n      icon: woman\n');
    expect(check(text)).toEqual([
      `${at(text, 'woman')} optionSets.gender[0].icon: icon "woman" not found (expected public/icons/woman-84.png: run "npm run art" after naming a Fluent Emoji)`,
    ]);
    // Every width OptionIcon offers must be there.
    expect(check(text, { images: ['/icons/woman-84.png'] })).toEqual([
      `${at(text, 'woman')} optionSets.gender[0].icon: icon "woman" not found (expected public/icons/woman-216.png: run "npm run art" after naming a Fluent Emoji)`,
    ]);
    expect(check(text, { images: ['/icons/woman-84.png', '/icons/woman-216.png'] })).toEqual([]);
  });

  it('requires both icons of an option with one per gender, each under its own path', () => {
    const text = flow.replace('    - value: female\n', '    - value: female\n      icon: { female: body-female-medium, male: body-male-medium }\n');
    const both = ['/icons/body-female-medium-84.png', '/icons/body-female-medium-216.png'];
    expect(check(text, { images: both })).toEqual([
      `${at(text, 'body-male-medium')} optionSets.gender[0].icon.male: icon "body-male-medium" not found (expected public/icons/body-male-medium-84.png: run "npm run art" after naming a Fluent Emoji)`,
    ]);
    expect(check(text, { images: [...both, '/icons/body-male-medium-84.png', '/icons/body-male-medium-216.png'] })).toEqual([]);
  });

  it('checks the texts and icons of an info step\'s visual, and allows visuals only on info steps', () => {
    const visual = '    visual:\n      kind: checklist\n      items:\n        - { icon: ruler, label: "onboarding:steps.intro.missing" }\n';
    const text = flow.replace('    info: true\n  email', `    info: true\n${visual}  email`);
    expect(check(text, { images: ['/icons/ruler-84.png', '/icons/ruler-216.png'] })).toEqual([
      `${at(text, '"onboarding:steps.intro.missing"')} steps.intro.visual.items[0].label: translation key "onboarding:steps.intro.missing" not found in public/locales/en/onboarding.json`,
    ]);
    const onChoice = flow.replace('    storage: { mode: answerText }\n  shape', `    storage: { mode: answerText }\n    visual: { kind: share, percent: 80, label: "onboarding:steps.intro.info", restLabel: "onboarding:steps.intro.info" }\n  shape`);
    expect(check(onChoice)).toEqual([`${at(onChoice, '{ kind: share')} steps.goal.visual: visual only applies to info steps (this step is "singleChoice")`]);
  });
});
