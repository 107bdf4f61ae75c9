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
      password: { kind: 'password', value: 'secret1' },
    });
    expect(json).not.toContain('secret1');
    expect(json).not.toContain('ada@example.com');
    expect(restoreAnswers(smallCompiledFlow, { progressJson: json, sessionEmail: null, sessionPassword: null })).toEqual({
      gender: { kind: 'choice', value: 'female' },
      height: { kind: 'measurement', text: '67', unit: 'imperial' },
      age: { kind: 'wholeNumber', text: '30' },
      company: { kind: 'continue' },
    });
  });

  it('takes the e-mail and password from session storage', () => {
    expect(restoreAnswers(smallCompiledFlow, { progressJson: null, sessionEmail: 'ada@example.com', sessionPassword: 'secret1' })).toEqual({
      email: { kind: 'email', value: 'ada@example.com' },
      password: { kind: 'password', value: 'secret1' },
    });
  });

  it('drops malformed records and entries instead of throwing', () => {
    const empty = { sessionEmail: null, sessionPassword: null };
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
