import { describe, expect, it } from 'vitest';
import { withSkipReason } from '../../../support/skip-reason';

describe.skipIf(true)(withSkipReason('a suite skipped with a reason', 'no database here'), () => {
  it('never runs', () => expect(true).toBe(true));
});
it('skips itself with a note', (context) => context.skip('nothing to check on this machine'));
it('runs', () => expect(true).toBe(true));
