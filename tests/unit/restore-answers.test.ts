import { describe, expect, it } from 'vitest';
import { isAnswerValidForStep } from '../../engine/answer-validation';
import { restoreAnswers, serializeAnswers } from '../../engine/restore-answers';
import { smallCompiledFlow } from './fixtures/small-compiled-flow';

describe('restoreAnswers', () => {
  it('round-trips answers through the progress record, without the sign-up values', () => {
    const json = serializeAnswers({
      gender: { kind: 'choice', value: 'female' },
      height: { kind: 'measurement', text: '67', unit: 'imperial' },
      age: { kind: 'wholeNumber', text: '30' },
      company: { kind: 'continue' },
      email: { kind: 'email', value: 'ada@example.com' },
    });
    expect(json).not.toContain('ada@example.com');
    expect(restoreAnswers(smallCompiledFlow, { progressJson: json, sessionEmail: null })).toEqual({
      gender: { kind: 'choice', value: 'female' },
      height: { kind: 'measurement', text: '67', unit: 'imperial' },
      age: { kind: 'wholeNumber', text: '30' },
      company: { kind: 'continue' },
    });
  });

  it('restores progress records of the number steps as written before they were declared in YAML, and the machine accepts them', () => {
    // Byte for byte what the height, weight and age screens stored (issue 13 onwards).
    const json = '{"version":1,"answers":{"height":{"kind":"feetInches","feet":"5","inches":"7"},"weight":{"kind":"measurement","text":"150","unit":"imperial"},"age":{"kind":"wholeNumber","text":"34"}}}';
    const restored = restoreAnswers(smallCompiledFlow, { progressJson: json, sessionEmail: null });
    expect(serializeAnswers(restored)).toBe(json);
    for (const step of smallCompiledFlow.steps) {
      const answer = restored[step.id];
      if (answer !== undefined) expect(isAnswerValidForStep(step, answer), step.id).toBe(true);
    }
  });

  it('takes the e-mail from session storage', () => {
    expect(restoreAnswers(smallCompiledFlow, { progressJson: null, sessionEmail: 'ada@example.com' })).toEqual({
      email: { kind: 'email', value: 'ada@example.com' },
    });
  });

  it('drops malformed records and entries instead of throwing', () => {
    const empty = { sessionEmail: null };
    expect(restoreAnswers(smallCompiledFlow, { progressJson: '{not json', ...empty })).toEqual({});
    expect(restoreAnswers(smallCompiledFlow, { progressJson: '{"version":2,"answers":{}}', ...empty })).toEqual({});
    expect(
      restoreAnswers(smallCompiledFlow, {
        progressJson: JSON.stringify({ version: 1, answers: { gender: { kind: 'choice', value: 3 }, height: { kind: 'measurement', text: '1', unit: 'parsec' }, company: { kind: 'continue' } } }),
        ...empty,
      }),
    ).toEqual({ company: { kind: 'continue' } });
  });
});
