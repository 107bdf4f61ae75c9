import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { answerStorageWrites, storageKeysOf } from '../../../engine/answer-storage';
import { isAnswerValidForStep } from '../../../engine/answer-validation';
import { calculators } from '../../../engine/calculators';
import type { CompiledStep } from '../../../engine/compiled-flow';
import { dateAnswerProblem, dateBounds, shiftDay } from '../../../engine/date-answer';
import { flowFileSchema } from '../../../engine/flow-schema';
import type { FunnelAnswer, FunnelAnswers } from '../../../engine/funnel-answer';
import { createFunnelMachine } from '../../../engine/funnel-machine';
import { walkPath } from '../../../engine/funnel-path';
import { selectionProblem, toggleSelection } from '../../../engine/multi-select-answer';
import { buildOnboardingEvent } from '../../../engine/onboarding-event';
import { restoreAnswers, serializeAnswers } from '../../../engine/restore-answers';
import { textAnswerProblem } from '../../../engine/text-answer';
import { positionOf, repoRoot } from './flow-test-project';
import { compileQuestionKinds, compiledQuestionKindsFlow, questionKindsFlow } from './question-kinds-flow';

const flow = compiledQuestionKindsFlow();
const today = '2026-11-28';
function stepOf(id: string): CompiledStep {
  const step = flow.steps.find((candidate) => candidate.id === id);
  if (!step) throw new Error(`no step ${id}`);
  return step;
}
const at = (text: string, needle: string, after = ''): string => {
  const { line, column } = positionOf(text, needle, after);
  return `flows/kinds.yaml:${line}:${column}`;
};
const check = (text: string): string[] => compileQuestionKinds(text).messages;

describe('question kinds in the flow schema and compiler', () => {
  it('compiles each kind with its own fields, the slider default spelled out', () => {
    expect(check(questionKindsFlow)).toEqual([]);
    expect(stepOf('diets')).toMatchObject({ screen: 'multiSelect', selections: { min: 1, max: 2 }, exclusive: 'none' });
    expect(stepOf('sleep').scale).toEqual({ min: 4, max: 12, step: 0.5, default: 8, minLabelKey: 'onboarding:scale.little', maxLabelKey: 'onboarding:scale.lots' });
    expect(stepOf('birthDate').dateRange).toEqual({ earliest: { years: -100 }, latest: { years: -16 } });
    expect(stepOf('nickname').textRules).toEqual({ maxLength: 12, pattern: '[A-Za-z ]+', patternMessageKey: 'onboarding:nickname.letters' });
    const middle = compileQuestionKinds(questionKindsFlow.replace('step: 0.5, default: 8,', 'step: 0.5,')).flow;
    expect(middle?.steps.find((step) => step.id === 'sleep')?.scale?.default).toBe(8);
  });

  it('refuses a pattern that is no regular expression and a scale that does not add up, at their line', () => {
    const regex = questionKindsFlow.replace('"[A-Za-z ]+"', '"[A-Za-z"');
    expect(check(regex)).toEqual([`${at(regex, '"[A-Za-z"')} steps.nickname.textRules.pattern: not a valid regular expression (JavaScript syntax, "u" flag)`]);
    const scale = questionKindsFlow.replace('step: 0.5, default: 8', 'step: 0.5, default: 8.2');
    expect(check(scale)).toEqual([`${at(scale, '8.2')} steps.sleep.scale.default: default must be a step of the scale between min and max`]);
    expect(flowFileSchema.safeParse({ version: 1, id: 'x', steps: { s: { screen: 'slider', scale: { min: 0, max: 10, step: 3, minLabel: 'a:b', maxLabel: 'a:c' } } } }).success).toBe(false);
  });

  it('checks what each kind needs, with the place and a suggestion', () => {
    const exclusive = questionKindsFlow.replace('exclusive: none', 'exclusive: nne');
    expect(check(exclusive)).toEqual([`${at(exclusive, 'nne')} steps.diets.exclusive: "nne" is not an option of this step - did you mean "none"? (options: vegan, fish, keto, none)`]);
    const tooMany = questionKindsFlow.replace('selections: { min: 1, max: 2 }', 'selections: { min: 1, max: 5 }');
    expect(check(tooMany)).toEqual([`${at(tooMany, '5 }')} steps.diets.selections.max: at most 5 picks, but option set "diets" has 4 options`]);
    const noScale = questionKindsFlow.replace(/ {4}scale: \{[^\n]*\n/, '');
    expect(check(noScale)).toEqual([`${at(noScale, 'screen: slider')} steps.sleep.scale: slider steps need a scale: { min, max, step, minLabel, maxLabel } (default optional)`]);
    const label = questionKindsFlow.replace('onboarding:scale.lots', 'onboarding:scale.lot');
    expect(check(label)).toEqual([`${at(label, 'onboarding:scale.lot }')} steps.sleep.scale.maxLabel: translation key "onboarding:scale.lot" not found in public/locales/en/onboarding.json`]);
    const swapped = questionKindsFlow.replace('earliest: { years: -100 }, latest: { years: -16 }', 'earliest: { years: -16 }, latest: { years: -100 }');
    expect(check(swapped)).toEqual([`${at(swapped, '{ years: -100 }')} steps.birthDate.dateRange.latest: latest comes before earliest (on 2024-02-29: 1924-02-29 < 2008-02-29): swap them`]);
    const noMessage = questionKindsFlow.replace(', patternMessage: onboarding:nickname.letters', '');
    expect(check(noMessage)).toEqual([`${at(noMessage, '"[A-Za-z ]+"')} steps.nickname.textRules.pattern: a pattern needs patternMessage: the translation key of the message shown when the text does not match`]);
    const misplaced = questionKindsFlow.replace('    exclusive: none\n', '').replace('    options: yesNo\n', '    options: yesNo\n    exclusive: "no"\n');
    expect(check(misplaced)).toEqual([`${at(misplaced, '"no"\n')} steps.tired.exclusive: exclusive only applies to multiSelect steps (this step is "singleChoice")`]);
    const unstored = questionKindsFlow.replace(/( {2}birthDate:\n[\s\S]*?) {4}storage: \{ mode: answerText \}\n/, '$1');
    expect(check(unstored)).toEqual([`${at(unstored, 'screen: date')} steps.birthDate.storage: date steps must store their answer: storage mode "value" (with a key) or "answerText"`]);
  });

  it('tests a multi-select with includes and a slider with numbers, and nothing else', () => {
    const equals = questionKindsFlow.replace('{ answer: diets, includes: fish }', '{ answer: diets, equals: fish }');
    expect(check(equals)).toEqual([`${at(equals, 'fish }', 'fishNote:')} steps.fishNote.when.equals: "diets" is a multi-select: test it with includes: <option value> (combine several with all / any)`]);
    const unknown = questionKindsFlow.replace('includes: fish', 'includes: fsh');
    expect(check(unknown)).toEqual([`${at(unknown, 'fsh')} steps.fishNote.when.includes: "fsh" is not an option of step "diets" - did you mean "fish"? (options: vegan, fish, keto, none)`]);
    const onSlider = questionKindsFlow.replace('lessThan: 6', 'includes: fish');
    expect(check(onSlider)).toEqual([`${at(onSlider, 'fish }', 'tired:')} steps.tired.when.includes: includes tests a multi-select answer; "sleep" is a slider step`]);
    const sliderText = questionKindsFlow.replace('lessThan: 6', 'equals: "six"');
    expect(check(sliderText)).toEqual([`${at(sliderText, '"six"')} steps.tired.when.equals: "sleep" is a number (stored in the units of its scale): compare it with a number (greaterThan, lessThan, atLeast, atMost or equals)`]);
    const date = questionKindsFlow.replace('    screen: text\n', '    screen: text\n    when: { answer: birthDate, atLeast: 3 }\n');
    expect(check(date)).toEqual([
      `${at(date, 'birthDate, atLeast')} steps.nickname.when.answer: step "birthDate" (date) has no answer to compare: compare a birth date through a calculator, e.g. { computed: ageFromBirthDate, atLeast: 18 }`,
    ]);
    // Out of the slider's reach: never shown.
    const never = questionKindsFlow.replace('lessThan: 6', 'lessThan: 4');
    expect(check(never)).toEqual([`${at(never, 'tired', 'main: [')} orders.main[3]: step "tired" is never shown: no path of answers reaches it with its condition (sleep < 4) holding`]);
  });
});

describe('the question kinds example of docs/flows.md', () => {
  it('is this flow, word for word, so the guide shows a flow that passes the check', () => {
    const guide = readFileSync(join(repoRoot, 'docs/flows.md'), 'utf8');
    const start = guide.indexOf('```yaml', guide.indexOf('### Ask several answers'));
    expect(guide.slice(start + '```yaml\n'.length, guide.indexOf('```', start + 7))).toBe(questionKindsFlow);
  });
});

describe('multi-select answers', () => {
  const diets = stepOf('diets');
  it('toggles picks, the exclusive option alone, never over the maximum, in the option order', () => {
    expect(toggleSelection(diets, [], 'keto')).toEqual(['keto']);
    expect(toggleSelection(diets, ['keto'], 'vegan')).toEqual(['vegan', 'keto']);
    expect(toggleSelection(diets, ['vegan', 'keto'], 'fish')).toEqual(['vegan', 'keto']);
    expect(toggleSelection(diets, ['vegan', 'keto'], 'none')).toEqual(['none']);
    expect(toggleSelection(diets, ['none'], 'fish')).toEqual(['fish']);
    expect(toggleSelection(diets, ['fish'], 'fish')).toEqual([]);
  });

  it('accepts min..max known picks, the exclusive one alone', () => {
    expect(selectionProblem(diets, [])).toBe('tooFew');
    expect(selectionProblem(diets, ['vegan', 'fish', 'keto'])).toBe('tooMany');
    expect(selectionProblem(diets, ['vegan', 'none'])).toBe('exclusiveWithOthers');
    expect(selectionProblem(diets, ['vegan', 'vegan'])).toBe('unknownOption');
    expect(selectionProblem(diets, ['paleo'])).toBe('unknownOption');
    expect(selectionProblem(diets, ['none'])).toBeUndefined();
    expect(isAnswerValidForStep(diets, { kind: 'choices', values: ['fish', 'keto'] })).toBe(true);
    expect(isAnswerValidForStep(stepOf('tired'), { kind: 'choices', values: ['yes'] })).toBe(false);
  });
});

describe('slider, date and text answers', () => {
  it('takes a slider position on the scale only', () => {
    const sleep = stepOf('sleep');
    expect(isAnswerValidForStep(sleep, { kind: 'scale', value: 7.5 })).toBe(true);
    expect(isAnswerValidForStep(sleep, { kind: 'scale', value: 7.3 })).toBe(false);
    expect(isAnswerValidForStep(sleep, { kind: 'scale', value: 12.5 })).toBe(false);
  });

  it('bounds a date relative to today, the end of February kept', () => {
    const birthDate = stepOf('birthDate');
    expect(shiftDay('2024-02-29', { years: -1 })).toBe('2023-02-28');
    expect(shiftDay('2026-01-31', { months: 1 })).toBe('2026-02-28');
    expect(shiftDay('2026-11-28', { days: 5 })).toBe('2026-12-03');
    expect(dateBounds(birthDate, today)).toEqual({ earliest: '1926-11-28', latest: '2010-11-28' });
    expect(dateAnswerProblem(birthDate, '', today)).toBe('blank');
    expect(dateAnswerProblem(birthDate, '2001-02-30', today)).toBe('invalid');
    expect(dateAnswerProblem(birthDate, '2010-11-29', today)).toBe('tooLate');
    expect(dateAnswerProblem(birthDate, '1926-11-27', today)).toBe('tooEarly');
    expect(isAnswerValidForStep(birthDate, { kind: 'date', value: '2010-11-28' }, today)).toBe(true);
    expect(isAnswerValidForStep(birthDate, { kind: 'date', value: '2010-11-29' }, today)).toBe(false);
  });

  it('takes a short text within its length matching the whole pattern', () => {
    const nickname = stepOf('nickname');
    expect(textAnswerProblem(nickname, '   ')).toBe('blank');
    expect(textAnswerProblem(nickname, 'Sam 42')).toBe('pattern');
    expect(textAnswerProblem(nickname, 'Samantha Jones')).toBe('tooLong');
    expect(isAnswerValidForStep(nickname, { kind: 'text', text: ' Sam ' })).toBe(true);
    // Twelve letters with combining accents are twelve characters, not 24 code units.
    expect(textAnswerProblem(nickname, 'e\u0301'.repeat(12))).toBe('pattern');
    expect(textAnswerProblem(nickname, 'e\u0301'.repeat(13))).toBe('tooLong');
  });
});

describe('storage and restore of the new kinds', () => {
  it('writes English texts as a JSON array, the number, the day and the trimmed text under the English heading', () => {
    expect(answerStorageWrites(stepOf('diets'), { kind: 'choices', values: ['vegan', 'keto'] }).local).toEqual({ 'diets?': '["Vegan","Keto"]' });
    expect(answerStorageWrites(stepOf('sleep'), { kind: 'scale', value: 7.5 }).local).toEqual({ 'sleep?': '7.5' });
    expect(answerStorageWrites(stepOf('birthDate'), { kind: 'date', value: '1990-06-15' }).local).toEqual({ 'birthDate?': '1990-06-15' });
    expect(answerStorageWrites(stepOf('nickname'), { kind: 'text', text: ' Sam ' }).local).toEqual({ 'nickname?': 'Sam' });
    expect(storageKeysOf(stepOf('diets'))).toEqual(['diets?']);
  });

  it('writes option values (mapped) as a JSON array and a birth date under a key', () => {
    const valueFlow = compileQuestionKinds(
      questionKindsFlow
        .replace('steps:\n', 'storageKeys:\n  diets: { form: options }\n  birthDate: { form: date }\nsteps:\n')
        .replace('exclusive: none\n    storage: { mode: answerText }', 'exclusive: none\n    storage: { mode: value, key: diets, map: { keto: low_carb } }')
        .replace('latest: { years: -16 } }\n    storage: { mode: answerText }', 'latest: { years: -16 } }\n    storage: { mode: value, key: birthDate }'),
    );
    const step = (id: string) => {
      const found = valueFlow.flow?.steps.find((candidate) => candidate.id === id);
      if (!found) throw new Error(valueFlow.messages.join('\n'));
      return found;
    };
    expect(answerStorageWrites(step('diets'), { kind: 'choices', values: ['vegan', 'keto'] }).local).toEqual({ diets: '["vegan","low_carb"]' });
    expect(answerStorageWrites(step('birthDate'), { kind: 'date', value: '1990-06-15' }).local).toEqual({ birthDate: '1990-06-15' });
  });

  it('restores every new kind after a reload and drops malformed ones', () => {
    const answers: FunnelAnswers = {
      diets: { kind: 'choices', values: ['fish'] },
      sleep: { kind: 'scale', value: 5 },
      birthDate: { kind: 'date', value: '1990-06-15' },
      nickname: { kind: 'text', text: 'Sam' },
    };
    expect(restoreAnswers(flow, { progressJson: serializeAnswers(answers), sessionEmail: null })).toEqual(answers);
    const broken = JSON.stringify({ version: 1, answers: { diets: { kind: 'choices', values: [1] }, sleep: { kind: 'scale', value: '5' } } });
    expect(restoreAnswers(flow, { progressJson: broken, sessionEmail: null })).toEqual({});
  });

  it('sends picks, position and day to analytics, but never the typed text', () => {
    const event = (id: string, answer: FunnelAnswer) => buildOnboardingEvent(flow, stepOf(id), answer, 'https://x.test/a').answers;
    expect(event('diets', { kind: 'choices', values: ['vegan', 'fish'] })).toEqual(['vegan', 'fish']);
    expect(event('sleep', { kind: 'scale', value: 7.5 })).toEqual(['7.5']);
    expect(event('nickname', { kind: 'text', text: 'Sam' })).toEqual([]);
  });
});

describe('the funnel machine with the new kinds', () => {
  function start(answers: FunnelAnswers = {}) {
    const persisted = vi.fn<(stepId: string, cleared: readonly string[]) => void>();
    const machine = createFunnelMachine(flow, { calculators, today }).provide({
      actions: { persistAnswer: ({ context }, params) => persisted(params.stepId, context.cleared) },
    });
    const actor = createActor(machine, { input: { answers } });
    actor.start();
    const answer = (stepId: string, value: FunnelAnswer) => actor.send({ type: 'ANSWER', stepId, answer: value });
    return { actor, persisted, answer, state: () => actor.getSnapshot().value, answers: () => actor.getSnapshot().context.answers };
  }

  it('branches on includes and on the slider, refuses answers out of bounds, and clears what leaves the path', () => {
    const visitor = start();
    visitor.answer('diets', { kind: 'choices', values: ['vegan', 'fish', 'keto'] });
    expect(visitor.state()).toBe('diets');
    visitor.answer('diets', { kind: 'choices', values: ['fish'] });
    expect(visitor.state()).toBe('fishNote');
    visitor.actor.send({ type: 'CONTINUE', stepId: 'fishNote' });
    visitor.answer('sleep', { kind: 'scale', value: 5 });
    expect(visitor.state()).toBe('tired');
    visitor.answer('tired', { kind: 'choice', value: 'yes' });
    visitor.answer('birthDate', { kind: 'date', value: '2015-01-01' });
    expect(visitor.state()).toBe('birthDate');
    visitor.answer('birthDate', { kind: 'date', value: '1990-06-15' });
    expect(visitor.state()).toBe('nickname');
    // Back to the multi-select, fish unpicked: the note leaves the path and its answer is cleared.
    visitor.actor.send({ type: 'GO_TO', stepId: 'diets' });
    visitor.answer('diets', { kind: 'choices', values: ['none'] });
    expect(visitor.state()).toBe('sleep');
    expect(visitor.answers().fishNote).toBeUndefined();
    expect(visitor.persisted).toHaveBeenLastCalledWith('diets', ['fishNote']);
    // More sleep: the tiredness question leaves the path.
    visitor.answer('sleep', { kind: 'scale', value: 9 });
    expect(visitor.state()).toBe('birthDate');
    expect(visitor.answers().tired).toBeUndefined();
    expect(walkPath(flow, visitor.answers()).steps.map((step) => step.id)).toEqual(['diets', 'sleep', 'birthDate', 'nickname']);
  });

  it('drops a restored birth date that today puts out of range', () => {
    expect(start({ birthDate: { kind: 'date', value: '2012-01-01' } }).answers().birthDate).toBeUndefined();
  });
});
