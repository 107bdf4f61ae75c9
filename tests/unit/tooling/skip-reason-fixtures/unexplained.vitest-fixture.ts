import { describe, expect, it } from 'vitest';

describe.skipIf(true)('a suite skipped without a reason', () => {
  it('never runs', () => expect(true).toBe(true));
});
it('runs', () => expect(true).toBe(true));
