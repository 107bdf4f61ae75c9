import { describe, expect, it } from 'vitest';
import { calculators } from '../../../engine/calculators';
import { compileFlowProject } from '../../../engine/compile-flow-project';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import { walkPath } from '../../../engine/funnel-path';
import { branchingFlow, compileBranching } from './branching-flow';
import { positionOf, realProjectInput } from './flow-test-project';
import { compileQuestionKinds, questionKindsFlow } from './question-kinds-flow';

const at = (file: string, text: string, needle: string, after = ''): string => {
  const { line, column } = positionOf(text, needle, after);
  return `${file}:${line}:${column}`;
};

describe('storage keys declared per flow', () => {
  it('names an undeclared key with the declared ones, or the nearest', () => {
    const shoe = branchingFlow.replace('key: goalWeight }', 'key: shoeSize }');
    expect(compileBranching(shoe).messages).toEqual([
      `${at('flows/branchy.yaml', shoe, 'shoeSize')} steps.goalWeight.storage.key: unknown key "shoeSize": declare it under storageKeys (declared: gender, height, weight, goalWeight, useMetricOrImperial, heightEntered)`,
    ]);
    const typo = branchingFlow.replace('key: goalWeight }', 'key: goalWieght }');
    expect(compileBranching(typo).messages).toEqual([`${at('flows/branchy.yaml', typo, 'goalWieght')} steps.goalWeight.storage.key: unknown key "goalWieght" - did you mean "goalWeight"?`]);
  });

  it('requires the unit flag a weight writes beside its number', () => {
    const text = branchingFlow.replace('  useMetricOrImperial: { form: flag }\n', '');
    expect(compileBranching(text).messages).toContain(
      `${at('flows/branchy.yaml', text, 'weight }', 'unitSystem: bodyWeight')} steps.weight.storage.key: a number step in unit system "bodyWeight" also writes "useMetricOrImperial": declare it under storageKeys as { form: flag }`,
    );
  });

  it('refuses a key two steps of one path write, and allows it on paths that never meet', () => {
    // goalWeight is skipped only for goal = keep: a path with both weights exists.
    const both = branchingFlow.replace('key: goalWeight }', 'key: weight }');
    expect(compileBranching(both).messages).toEqual([
      `${at('flows/branchy.yaml', both, 'weight }', '  goalWeight:\n    screen')} steps.goalWeight.storage.key: storage key "weight" is already written by step "weight" on the same path of answers: give one of them another key`,
    ]);
    // The pregnancy question (women) and a men-only question share a key: no path shows both.
    const apart = branchingFlow
      .replace('main: [gender, goal, pregnant,', 'main: [gender, goal, pregnant, fatherhood,')
      .replace('storageKeys:\n', 'storageKeys:\n  parent: { form: option }\n')
      .replace(
        "    when: { answer: gender, equals: female }\n",
        "    when: { answer: gender, equals: female }\n  fatherhood:\n    screen: singleChoice\n    heading: onboarding:steps.pregnant.heading\n    options: yesNo\n    storage: { mode: value, key: parent }\n    when: { answer: gender, equals: male }\n",
      )
      .replace('  pregnant:\n    screen: singleChoice\n    options: yesNo\n    storage: { mode: answerText }', '  pregnant:\n    screen: singleChoice\n    options: yesNo\n    storage: { mode: value, key: parent }');
    expect(compileBranching(apart).messages).toEqual([]);
  });

  it('lets a flow declare its own keys: a birth date stored as birthDate gives ageFromBirthDate to conditions', () => {
    const text = questionKindsFlow
      .replace('steps:\n', 'storageKeys:\n  birthDate: { form: date }\nsteps:\n')
      .replace('latest: { years: -16 } }\n    storage: { mode: answerText }', 'latest: { years: -16 } }\n    storage: { mode: value, key: birthDate }')
      .replace('    screen: text\n', '    screen: text\n    when: { computed: ageFromBirthDate, atLeast: 18 }\n');
    const { flow, messages } = compileQuestionKinds(text);
    expect(messages).toEqual([]);
    if (!flow) throw new Error('not compiled');
    const answers = (birthDate: string) => ({
      diets: { kind: 'choices', values: ['vegan'] },
      sleep: { kind: 'scale', value: 8 },
      birthDate: { kind: 'date', value: birthDate },
    } as const);
    const ids = (birthDate: string) => walkPath(flow, answers(birthDate), { calculators, today: '2026-11-28' }).steps.map((step) => step.id);
    expect(ids('2008-11-28')).toContain('nickname');
    expect(ids('2008-11-29')).not.toContain('nickname');
    // Declared as text instead: the date step writes a date.
    const wrongForm = text.replace('birthDate: { form: date }', 'birthDate: { form: text }');
    expect(compileQuestionKinds(wrongForm).messages).toEqual([
      `${at('flows/kinds.yaml', wrongForm, 'birthDate }', 'screen: date')} steps.birthDate.storage.key: key "birthDate" is declared as text (storageKeys), but a date step writes date`,
    ]);
  });

  it('checks the profile columns: one key each, of a form the column reads, the same in every variant', () => {
    const input = realProjectInput();
    const withV1 = (extra: string) => ({
      ...input,
      flowFiles: input.flowFiles.map((file) => (file.file === 'flows/v1.yaml' ? { ...file, text: `${file.text}\nstorageKeys:\n${extra}` } : file)),
    });
    const twice = compileFlowProject(withV1('  achievedGoal: { form: option, profile: achieve_results }\n'));
    expect(twice.diagnostics.map(formatFlowDiagnostic).filter((message) => message.includes('already filled'))).toEqual([
      // Found at the second of the two keys in declaration order (the parent's come first).
      expect.stringMatching(/^flows\/default\.yaml:\d+:\d+ storageKeys\.speedGoal\.profile: profile column "achieve_results" is already filled by key "achievedGoal"$/),
    ]);
    const form = compileFlowProject(withV1('  achievedGoal: { form: option, profile: height_in_cm }\n  height: { form: number }\n'));
    expect(form.diagnostics.map(formatFlowDiagnostic)).toContainEqual(
      expect.stringMatching(/storageKeys\.achievedGoal\.profile: profile column "height_in_cm" reads number, but key "achievedGoal" is declared as option$/),
    );
    // v1 stops filling a column the default flow fills: the sign-up could not write one row for both.
    const dropped = compileFlowProject(withV1('  speedGoal: { form: option }\n'));
    expect(dropped.diagnostics.map(formatFlowDiagnostic)).toContainEqual(expect.stringMatching(/^flows\/variants\.yaml:\d+:\d+ variants\.feedback-v1: flow "v1" fills the profile from other keys \(/));
  });
});
