import { expect, it } from 'vitest';

it('runs', () => expect(true).toBe(true));
