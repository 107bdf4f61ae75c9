import { expect, test } from '@playwright/test';

test('runs', () => expect(true).toBe(true));
