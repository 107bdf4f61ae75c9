import { expect, test } from '@playwright/test';

test('skipped with a reason', () => {
  test.skip(true, 'not on this machine');
});
test('runs', () => expect(true).toBe(true));
