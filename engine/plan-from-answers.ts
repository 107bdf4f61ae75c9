import { genericPlan, personalPlan, type ActivityLevel, type CalendarDay, type GenericPlan, type NutritionGoal, type PersonalPlan, type PlanAnswers, type SpeedGoal } from './daily-calorie-plan.ts';

const activityLevels: readonly ActivityLevel[] = ['sedentary', 'lightly_active', 'moderately_active', 'very_active', 'super_active'];
const speedGoals: readonly SpeedGoal[] = ['slow', 'moderate', 'fast'];
const nutritionGoals: readonly NutritionGoal[] = ['balanced', 'muscle_gain', 'low_carb'];

/**
 * The plan for the answers the funnel stored (the spec's local-storage keys: gender, height in cm,
 * weight and goalWeight in kg, age, activityLevel, speedGoal, nutritionGoal). Storage is input from an
 * earlier visit or another version, so every value is checked; when one the formula needs is missing
 * or unusable, the visitor gets the generic plan instead of a plan made from a guess.
 */
export function planFromAnswers(read: (key: string) => string | null, today: CalendarDay): PersonalPlan | GenericPlan {
  const nutritionGoal = oneOf(read('nutritionGoal'), nutritionGoals);
  const gender = read('gender');
  const answers: Partial<PlanAnswers> = {
    sex: gender === 'female' || gender === 'male' ? gender : undefined,
    ageYears: positive(read('age')),
    heightCm: positive(read('height')),
    weightKg: positive(read('weight')),
    goalWeightKg: positive(read('goalWeight')),
    activityLevel: oneOf(read('activityLevel'), activityLevels),
    speedGoal: oneOf(read('speedGoal'), speedGoals),
    nutritionGoal,
  };
  const complete = isComplete(answers);
  return complete ? personalPlan(complete, today) : genericPlan(nutritionGoal);
}

function isComplete(answers: Partial<PlanAnswers>): PlanAnswers | undefined {
  const { sex, ageYears, heightCm, weightKg, goalWeightKg, activityLevel, speedGoal, nutritionGoal } = answers;
  if (sex === undefined || ageYears === undefined || heightCm === undefined || weightKg === undefined || goalWeightKg === undefined) return undefined;
  if (activityLevel === undefined || speedGoal === undefined || nutritionGoal === undefined) return undefined;
  return { sex, ageYears, heightCm, weightKg, goalWeightKg, activityLevel, speedGoal, nutritionGoal };
}

function positive(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}
