import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calculators } from '../../../engine/calculators';
import { compileFlowProject } from '../../../engine/compile-flow-project';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import type { FunnelAnswers } from '../../../engine/funnel-answer';
import { walkPath } from '../../../engine/funnel-path';
import { positionOf, realProjectInput, repoRoot } from './flow-test-project';
import { branchingFlow, compileBranching } from './branching-flow';

/** `flows/branchy.yaml:<line>:<col>` of `needle` (searched after `after`) in `text`. */
function at(text: string, needle: string, after = ''): string {
  const { line, column } = positionOf(text, needle, after);
  return `flows/branchy.yaml:${line}:${column}`;
}

const check = (text: string): string[] => compileBranching(text).messages;

describe('verifying branches', () => {
  it('accepts the branching flow and compiles its conditions as data', () => {
    const { flow, messages } = compileBranching();
    expect(messages).toEqual([]);
    expect(flow?.steps.find((step) => step.id === 'pregnant')?.when).toEqual({ answer: 'gender', equals: 'female' });
    expect(flow?.calculators).toEqual(['bmi']);
  });

  it('names unknown steps, option values and calculators with a suggestion', () => {
    const step = branchingFlow.replace('when: { answer: gender, equals: female }', 'when: { answer: gendr, equals: female }');
    expect(check(step)).toEqual([`${at(step, 'gendr')} steps.pregnant.when.answer: unknown step "gendr" - did you mean "gender"?`]);
    const value = branchingFlow.replace('equals: female }', 'equals: femal }');
    expect(check(value)).toEqual([`${at(value, 'femal }')} steps.pregnant.when.equals: "femal" is not an option of step "gender" - did you mean "female"? (options: female, male)`]);
    const calculator = branchingFlow.replace('computed: bmi, atLeast', 'computed: bmj, atLeast');
    expect(check(calculator)).toEqual([
      `${at(calculator, 'bmj')} steps.bmiNote.when.computed: unknown calculator "bmj" - did you mean "bmi"? (calculators: bmi, bmiBand, dailyCalorieGoal, goalDate, ageFromBirthDate)`,
    ]);
    const route = branchingFlow.replace('to: height }', 'to: hieght }');
    expect(check(route)).toEqual([`${at(route, 'hieght')} steps.goal.next[0].to: unknown step "hieght" - did you mean "height"?`]);
  });

  it('compares numbers with numbers and choices with their options', () => {
    const text = branchingFlow.replace('computed: bmi, atLeast: 25', 'answer: height, equals: tall');
    expect(check(text)).toEqual([`${at(text, 'tall')} steps.bmiNote.when.equals: "height" is a number (stored in cm): compare it with a number (greaterThan, lessThan, atLeast, atMost or equals)`]);
    const choice = branchingFlow.replace('answer: gender, equals: female', 'answer: gender, greaterThan: 3');
    expect(check(choice)).toEqual([`${at(choice, '3 }', 'pregnant:')} steps.pregnant.when.greaterThan: "gender" is a choice: compare it with equals or oneOf, not with a number`]);
    const two = branchingFlow.replace('computed: bmi, atLeast: 25', 'computed: bmi, atLeast: 25, atMost: 30');
    expect(check(two)).toEqual([`${at(two, '{ computed: bmi, atLeast')} steps.bmiNote.when: one test per comparison (found atLeast, atMost): combine comparisons with "all: [...]"`]);
  });

  it('reads only answers given before the condition, and inputs of calculators written before it', () => {
    const later = branchingFlow.replace('when: { answer: gender, equals: female }', 'when: { answer: height, atLeast: 150 }');
    expect(check(later)).toEqual([`${at(later, 'height, atLeast')} steps.pregnant.when.answer: step "height" comes at or after this point (position 4): a condition reads only answers given before it`]);
    const early = branchingFlow.replace('when: { answer: gender, equals: female }', 'when: { computed: bmi, atLeast: 25 }');
    expect(check(early)).toEqual([`${at(early, 'bmi', 'pregnant:')} steps.pregnant.when.computed: calculator "bmi" reads "height", "weight", which no step before this point writes`]);
  });

  it('lets routes go only forward (no cycles) and keeps the first step unconditional', () => {
    const back = branchingFlow.replace('to: height }', 'to: gender }');
    expect(check(back)).toEqual([`${at(back, 'gender }', 'next:')} steps.goal.next[0].to: route goes back to "gender" (position 1, this step is 2): routes only go forward, so no path can loop`]);
    const first = branchingFlow.replace("    storage: { mode: value, key: gender }\n", "    storage: { mode: value, key: gender }\n    when: { answer: goal, equals: keep }\n");
    expect(check(first)).toContain(`${at(first, '{ answer: goal')} steps.gender.when: the first step of order "main" is always shown: remove "when" or move the step later`);
  });

  it('proves every step is shown on some path of answers', () => {
    const never = branchingFlow.replace('when: { answer: gender, equals: female }', 'when: { all: [{ answer: gender, equals: female }, { answer: goal, equals: keep }] }');
    expect(check(never)).toEqual([
      `${at(never, 'pregnant', 'main: [')} orders.main[2]: step "pregnant" is never shown: no path of answers reaches it with its condition (gender = female and goal = keep) holding`,
    ]);
    const impossible = branchingFlow.replace('computed: bmi, atLeast: 25', 'answer: weight, greaterThan: 300');
    expect(check(impossible)).toEqual([`${at(impossible, 'bmiNote', 'main: [')} orders.main[6]: step "bmiNote" is never shown: no path of answers reaches it with its condition (weight > 300) holding`]);
    const jumped = branchingFlow.replace('- { when: { answer: goal, equals: keep }, to: height }', '- { to: height }');
    expect(check(jumped)).toEqual([`${at(jumped, 'pregnant', 'main: [')} orders.main[2]: step "pregnant" is never shown: no path of answers reaches it with its condition (gender = female) holding`]);
  });
});

describe('the branching example of docs/flows.md', () => {
  it('passes the check on top of the real flows once its texts exist, and branches as the guide says', () => {
    const guide = readFileSync(join(repoRoot, 'docs/flows.md'), 'utf8');
    const start = guide.indexOf('```yaml', guide.indexOf('A complete example, a variant'));
    const example = guide.slice(start + '```yaml\n'.length, guide.indexOf('```', start + 7));
    const input = realProjectInput();
    const translationFiles = input.translationFiles.map((file) => {
      if (file.namespace !== 'onboarding') return file;
      const texts: { steps: Record<string, unknown>; options: Record<string, unknown> } = JSON.parse(file.text);
      texts.steps.pregnancy = { heading: 'Are you pregnant?' };
      texts.steps.bmiNote = { heading: 'About your BMI', info: 'A note' };
      texts.options.yesNo = { yes: 'Yes', no: 'No' };
      return { ...file, text: JSON.stringify(texts) };
    });
    const result = compileFlowProject({ ...input, flowFiles: [...input.flowFiles, { file: 'flows/branchy.yaml', text: example }], translationFiles });
    expect(result.diagnostics.map(formatFlowDiagnostic)).toEqual([]);
    const flow = result.flows.get('branchy');
    if (!flow) throw new Error('not compiled');
    const ids = (answers: FunnelAnswers) => walkPath(flow, answers, { calculators, today: '2026-11-28' }).steps.map((step) => step.id);
    expect(ids({ gender: { kind: 'choice', value: 'female' }, chooseGoal: { kind: 'choice', value: 'gain-muscle' } })).toEqual(['gender', 'chooseGoal', 'height']);
    expect(ids({ gender: { kind: 'choice', value: 'female' }, chooseGoal: { kind: 'choice', value: 'lose-20-plus' } })).toEqual(['gender', 'chooseGoal', 'pregnancy']);
  });
});
