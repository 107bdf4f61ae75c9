import { describe, expect, it } from 'vitest';
import { iconDependsOnGender, iconForGender } from '../../../engine/icon-for-gender';

describe('iconForGender', () => {
  const perGender = { female: 'body-female-medium', male: 'body-male-medium' };

  it('picks the icon of the stored gender answer, the female one when there is none or another', () => {
    expect(iconForGender(perGender, 'male')).toBe('body-male-medium');
    expect(iconForGender(perGender, 'female')).toBe('body-female-medium');
    expect(iconForGender(perGender, null)).toBe('body-female-medium');
    expect(iconForGender(perGender, 'other')).toBe('body-female-medium');
  });

  it('keeps a shared icon and no icon as they are', () => {
    expect(iconForGender('red-apple', 'male')).toBe('red-apple');
    expect(iconForGender(undefined, 'male')).toBeUndefined();
  });

  it('says which icons depend on the gender answer: only one per gender', () => {
    expect(iconDependsOnGender(perGender)).toBe(true);
    expect(iconDependsOnGender('red-apple')).toBe(false);
    expect(iconDependsOnGender(undefined)).toBe(false);
  });
});
