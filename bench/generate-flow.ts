import type { FlowProjectInput } from '../engine/compile-flow-project';

/**
 * A synthetic project with a parent flow of `stepCount` steps and a child that extends it (overriding
 * a tenth of the steps with backgrounds), so every phase (load, resolve, verify, compile) does real
 * work. Steps cycle through the screen kinds the real flows use; every key and image exists.
 */
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
  // The keys the measurement steps write, declared as a flow declares them (flows/default.yaml).
  lines.push('storageKeys:', '  height: { form: number }', '  weight: { form: number }', '  age: { form: wholeNumber }', '  useMetricOrImperial: { form: flag }', '  heightEntered: { form: flag }');
  lines.push('steps:');
  const steps: Record<string, unknown> = {};
  const options: Record<string, unknown> = {};
  const keyedKinds = ['height', 'weight', 'age'] as const;
  // Number steps must declare a plausible range (issue 13): the default flow's, in the stored unit.
  const PLAUSIBLE_RANGES: Record<(typeof keyedKinds)[number], string> = { height: '{ min: 100, max: 250 }', weight: '{ min: 30, max: 300 }', age: '{ min: 16, max: 99 }' };
  ids.forEach((id, i) => {
    lines.push(`  ${id}:`);
    // The first three steps use the measurement kinds (each storage key may be written once).
    const kind = keyedKinds[i];
    if (kind !== undefined) {
      lines.push(`    screen: ${kind}`, `    storage: { mode: value, key: ${kind} }`, '    placeholder: { metric: 1, imperial: 2 }', `    range: ${PLAUSIBLE_RANGES[kind]}`, '    info: true');
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
    translationFiles: [{ namespace: 'onboarding', file: 'public/locales/en/onboarding.json', text: JSON.stringify({ steps, options }) }],
    publicFileExists: () => true,
  };
}
