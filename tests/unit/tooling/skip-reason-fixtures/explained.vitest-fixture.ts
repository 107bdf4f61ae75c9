import { describe, expect, it } from 'vitest';

// Skips that give a reason: they fail the run all the same.
describe.skipIf(true)('a suite skipped on a condition', () => {
  it('never runs', () => expect(true).toBe(true));
});
it('skips itself with a note', (context) => context.skip('nothing to check on this machine'));
it('runs', () => expect(true).toBe(true));
