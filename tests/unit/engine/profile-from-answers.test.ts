import { describe, expect, it } from 'vitest';
import { hasAnyAnswer, profileFromAnswers, type ProfileSources } from '../../../engine/profile-from-answers';

/** flows/default.yaml's `storageKeys` profile columns (compile-variants.test.ts checks the compiled mapping). */
const spec: ProfileSources = {
  is_female: 'gender', height_in_cm: 'height', weight_in_kg: 'weight', goal_weight_in_kg: 'goalWeight', age_in_years: 'age',
  is_using_metric: 'useMetricOrImperial', activity_level: 'activityLevel', primary_nutrition_goal: 'nutritionGoal', achieve_results: 'speedGoal',
};

describe('profileFromAnswers', () => {
  it('maps every stored answer to its profile column', () => {
    const stored: Record<string, string> = {
      gender: 'female', height: '170.18', weight: '68.0388', goalWeight: '60', age: '34',
      useMetricOrImperial: 'false', activityLevel: 'lightly_active', nutritionGoal: 'low_carb', speedGoal: 'moderate',
    };
    expect(profileFromAnswers('u1', (k) => stored[k] ?? null, spec)).toEqual({
      user_id: 'u1', age_in_years: 34, achieve_results: 'moderate', primary_nutrition_goal: 'low_carb',
      activity_level: 'lightly_active', height_in_cm: 170.18, is_female: true, is_using_metric: false,
      weight_in_kg: 68.0388, goal_weight_in_kg: 60,
    });
  });

  it('turns missing or unreadable answers into null, not 0', () => {
    const row = profileFromAnswers('u2', (k) => (k === 'gender' ? 'male' : k === 'height' ? 'abc' : null), spec);
    expect(row.is_female).toBe(false);
    expect(row.height_in_cm).toBeNull();
    expect(row.age_in_years).toBeNull();
    expect(row.is_using_metric).toBeNull();
  });
});

describe('profileFromAnswers with another declaration', () => {
  it('reads each column from the key the flow declares for it, and leaves undeclared columns null', () => {
    const stored: Record<string, string> = { years: '41', sex: 'female', age: '99' };
    const row = profileFromAnswers('u3', (k) => stored[k] ?? null, { age_in_years: 'years', is_female: 'sex' });
    expect(row).toMatchObject({ age_in_years: 41, is_female: true, height_in_cm: null, achieve_results: null });
  });
});

describe('hasAnyAnswer', () => {
  it('is false for a browser without answers (the user id alone is no answer) and true for any one answer', () => {
    expect(hasAnyAnswer(profileFromAnswers('u1', () => null, spec))).toBe(false);
    expect(hasAnyAnswer(profileFromAnswers('u1', (key) => (key === 'gender' ? 'male' : null), spec))).toBe(true);
    expect(hasAnyAnswer(profileFromAnswers('u1', (key) => (key === 'useMetricOrImperial' ? 'false' : null), spec))).toBe(true);
  });
});
