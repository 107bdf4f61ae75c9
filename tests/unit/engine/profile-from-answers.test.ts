import { describe, expect, it } from 'vitest';
import { hasAnyAnswer, profileFromAnswers } from '../../../engine/profile-from-answers';

describe('profileFromAnswers', () => {
  it('maps every stored answer to its profile column', () => {
    const stored: Record<string, string> = {
      gender: 'female', height: '170.18', weight: '68.0388', goalWeight: '60', age: '34',
      useMetricOrImperial: 'false', activityLevel: 'lightly_active', nutritionGoal: 'low_carb', speedGoal: 'moderate',
    };
    expect(profileFromAnswers('u1', (k) => stored[k] ?? null)).toEqual({
      user_id: 'u1', age_in_years: 34, achieve_results: 'moderate', primary_nutrition_goal: 'low_carb',
      activity_level: 'lightly_active', height_in_cm: 170.18, is_female: true, is_using_metric: false,
      weight_in_kg: 68.0388, goal_weight_in_kg: 60,
    });
  });

  it('turns missing or unreadable answers into null, not 0', () => {
    const row = profileFromAnswers('u2', (k) => (k === 'gender' ? 'male' : k === 'height' ? 'abc' : null));
    expect(row.is_female).toBe(false);
    expect(row.height_in_cm).toBeNull();
    expect(row.age_in_years).toBeNull();
    expect(row.is_using_metric).toBeNull();
  });
});

describe('hasAnyAnswer', () => {
  it('is false for a browser without answers (the user id alone is no answer) and true for any one answer', () => {
    expect(hasAnyAnswer(profileFromAnswers('u1', () => null))).toBe(false);
    expect(hasAnyAnswer(profileFromAnswers('u1', (key) => (key === 'gender' ? 'male' : null)))).toBe(true);
    expect(hasAnyAnswer(profileFromAnswers('u1', (key) => (key === 'useMetricOrImperial' ? 'false' : null)))).toBe(true);
  });
});
