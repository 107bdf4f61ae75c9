import { describe, expect, it } from 'vitest';
import { revealedAfter, visibleProblem, type FieldAction, type FieldValue } from '../../../engine/field-message-rule';

type Problem = 'tooShort' | 'invalid';

/** What the field shows after each action, starting from a fresh field. */
function shown(steps: readonly (readonly [FieldAction, FieldValue<Problem>])[]): (Problem | undefined)[] {
  let revealed = false;
  return steps.map(([action, value]) => {
    revealed = revealedAfter(action, revealed, value);
    return visibleProblem(revealed, value);
  });
}

const empty: FieldValue<Problem> = { empty: true, problem: 'tooShort' };
const short: FieldValue<Problem> = { empty: false, problem: 'tooShort' };
const wrong: FieldValue<Problem> = { empty: false, problem: 'invalid' };
const valid: FieldValue<Problem> = { empty: false, problem: undefined };

describe('the field-message rule (engine/field-message-rule.ts)', () => {
  it('says nothing while the first characters are typed', () => {
    expect(shown([['edit', short], ['edit', short], ['edit', valid]])).toEqual([undefined, undefined, undefined]);
  });

  it('shows the problem on submit, even for an empty field', () => {
    expect(shown([['submit', empty]])).toEqual(['tooShort']);
  });

  it('shows the problem when the visitor leaves a field holding something, not an untouched empty one', () => {
    expect(shown([['edit', short], ['leave', short]])).toEqual([undefined, 'tooShort']);
    expect(shown([['leave', empty]])).toEqual([undefined]);
  });

  it('describes the value as it is now: follows it while still wrong, clears the moment it is valid', () => {
    expect(shown([['submit', short], ['edit', short], ['edit', wrong], ['edit', valid]])).toEqual(['tooShort', 'tooShort', 'invalid', undefined]);
  });

  it('after a fix, waits for the next leave or submit again', () => {
    expect(shown([['submit', short], ['edit', valid], ['edit', short], ['leave', short]])).toEqual(['tooShort', undefined, undefined, 'tooShort']);
    expect(shown([['leave', short], ['edit', valid], ['edit', short], ['submit', short]])).toEqual(['tooShort', undefined, undefined, 'tooShort']);
  });

  it('shows nothing for a valid value whatever the visitor did', () => {
    expect(shown([['submit', valid], ['leave', valid], ['edit', valid]])).toEqual([undefined, undefined, undefined]);
  });
});
