import { describe, expect, it } from 'vitest';
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
