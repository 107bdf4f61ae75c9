import type { FlowProjectInput } from '../engine/compile-flow-project';

/**
 * A synthetic project with a parent flow of `stepCount` steps and a child that extends it (overriding
 * a tenth of the steps with backgrounds), so every phase (load, resolve, verify, compile) does real
 * work. Steps cycle through the screen kinds the real flows use; every key and image exists.
 */
/** The unit labels and messages the number steps' unit systems name. */
const commonTexts = {
  units: { cm: 'cm', in: 'in', ft: 'ft', ftIn: 'ft/in', ftInValue: '{{major}} ft {{minor}} in', kg: 'kg', lb: 'lb', years: 'years' },
  numbers: { ftIn: 'Feet and inches, please.', range: 'Between {{min}} and {{max}}, please.' },
};

export function generateFlowProject(stepCount: number): FlowProjectInput {
  const ids = Array.from({ length: stepCount }, (_v, i) => `step${i}`);
  const lines: string[] = ['version: 1', 'id: base', 'basePath: /bench', 'exit: /sign-up/password', 'order: main', 'orders:', '  main:'];
  for (const id of ids) lines.push(`    - ${id}`);
  lines.push('  reversed:');
  for (const id of [...ids].reverse()) lines.push(`    - ${id}`);
  lines.push('optionSets:');
  const setCount = Math.max(1, Math.ceil(stepCount / 10));
  for (let s = 0; s < setCount; s++) {
    lines.push(`  set${s}:`);
    for (let o = 0; o < 5; o++) lines.push(`    - value: option-${o}`);
  }
  // The default flow's unit systems (cm or ft+in, kg or lb, years), each checked by the verifier.
  lines.push(
    'unitSystems:',
    '  length:',
    '    metric: { unit: cm, placeholder: 165, range: { min: 100, max: 250 } }',
    '    imperial: { unit: ftIn, toStored: 2.54, placeholder: 65, composite: { major: ft, minor: in, per: 12 } }',
    '    rangeMessage: common:numbers.range',
    '  bodyWeight:',
    '    metric: { unit: kg, placeholder: 65, range: { min: 30, max: 300 } }',
    '    imperial: { unit: lb, toStored: 0.453592, placeholder: 143 }',
    '    rangeMessage: common:numbers.range',
    '  years:',
    '    metric: { unit: years, placeholder: 30, range: { min: 16, max: 99 }, decimals: false }',
    '    rangeMessage: common:numbers.range',
  );
  // The keys the measurement steps write, declared as a flow declares them (flows/default.yaml).
  lines.push('storageKeys:', '  height: { form: number }', '  weight: { form: number }', '  age: { form: wholeNumber }', '  useMetricOrImperial: { form: flag }', '  heightEntered: { form: flag }');
  lines.push('steps:');
  const steps: Record<string, unknown> = {};
  const options: Record<string, unknown> = {};
  const keyedKinds = [
    ['height', 'length'],
    ['weight', 'bodyWeight'],
    ['age', 'years'],
  ] as const;
  ids.forEach((id, i) => {
    lines.push(`  ${id}:`);
    // The first three steps are number steps (each storage key may be written once).
    const keyed = keyedKinds[i];
    if (keyed !== undefined) {
      lines.push('    screen: number', `    unitSystem: ${keyed[1]}`, `    storage: { mode: value, key: ${keyed[0]} }`, '    info: true');
      steps[id] = { heading: `Question ${i}?`, info: `Info ${i}` };
    } else if (i % 5 === 4) {
      lines.push('    screen: info', '    info: true');
      steps[id] = { heading: `Did you know ${i}?`, info: `Fact ${i}` };
    } else {
      lines.push('    screen: singleChoice', `    options: set${i % setCount}`, '    storage: { mode: answerText }');
      steps[id] = { heading: `Question ${i}?` };
    }
  });
  for (let s = 0; s < setCount; s++) {
    options[`set${s}`] = Object.fromEntries(Array.from({ length: 5 }, (_v, o) => [`option-${o}`, `Answer ${o} of set ${s}`]));
  }

  const child: string[] = ['version: 1', 'id: child', 'extends: base', 'basePath: /bench/child', 'steps:'];
  ids.forEach((id, i) => {
    if (i % 10 === 0) child.push(`  ${id}:`, `    background: { female: /images/f${i}.svg, male: /images/m${i}.svg }`);
  });

  return {
    flowFiles: [
      { file: 'flows/base.yaml', text: `${lines.join('\n')}\n` },
      { file: 'flows/child.yaml', text: `${child.join('\n')}\n` },
    ],
    translationFiles: [
      { namespace: 'onboarding', file: 'public/locales/en/onboarding.json', text: JSON.stringify({ steps, options }) },
      { namespace: 'common', file: 'public/locales/en/common.json', text: JSON.stringify(commonTexts) },
    ],
    publicFileExists: () => true,
  };
}
