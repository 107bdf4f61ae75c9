/**
 * The visitor's personal plan shown before the paywall: a daily calorie goal, its macro split and the
 * projected weight from today to the goal weight. Pure: the answers and "today" come in, nothing is read.
 *
 * Calorie goal: Mifflin-St Jeor resting energy (Mifflin et al., Am J Clin Nutr 1990)
 *   men   10 x kg + 6.25 x cm - 5 x years + 5
 *   women 10 x kg + 6.25 x cm - 5 x years - 161
 * times the activity factor of the answer (1.2 / 1.375 / 1.55 / 1.725 / 1.9, the factors published with
 * the Harris-Benedict and Mifflin equations), minus (to lose) or plus (to gain) the energy of the chosen
 * speed: 7700 kcal per kg of body weight, so 0.5 kg a week is 550 kcal a day. The goal never goes below
 * 1200 kcal (women) or 1500 kcal (men), the usual floor for an unsupervised diet; it is rounded to 10 kcal.
 */

export type Sex = 'female' | 'male';
export type ActivityLevel = 'sedentary' | 'lightly_active' | 'moderately_active' | 'very_active' | 'super_active';
export type SpeedGoal = 'slow' | 'moderate' | 'fast';
export type NutritionGoal = 'balanced' | 'muscle_gain' | 'low_carb';

/** The stored answers the plan needs (kg, cm, years), parsed. */
export interface PlanAnswers {
  readonly sex: Sex;
  readonly ageYears: number;
  readonly heightCm: number;
  readonly weightKg: number;
  readonly goalWeightKg: number;
  readonly activityLevel: ActivityLevel;
  readonly speedGoal: SpeedGoal;
  readonly nutritionGoal: NutritionGoal;
}

/** A calendar day, `YYYY-MM-DD`: the plan counts whole days so no time zone can move a date. */
export type CalendarDay = string;

export const ACTIVITY_FACTORS: Readonly<Record<ActivityLevel, number>> = {
  sedentary: 1.2,
  lightly_active: 1.375,
  moderately_active: 1.55,
  very_active: 1.725,
  super_active: 1.9,
};

/** Weekly change in kg per speed: 0.25 / 0.5 / 0.75 kg a week to lose; half of that to gain (muscle builds slowly). */
export const WEEKLY_LOSS_KG: Readonly<Record<SpeedGoal, number>> = { slow: 0.25, moderate: 0.5, fast: 0.75 };
export const WEEKLY_GAIN_KG: Readonly<Record<SpeedGoal, number>> = { slow: 0.125, moderate: 0.25, fast: 0.375 };

export const KCAL_PER_KG = 7700;
export const CALORIE_FLOOR: Readonly<Record<Sex, number>> = { female: 1200, male: 1500 };
/** Within this distance of the goal the plan maintains the current weight. */
export const MAINTAIN_WITHIN_KG = 0.5;

/** Share of the calories from protein, carbohydrate and fat per nutrition goal (percent, adds up to 100). */
export const MACRO_SPLITS: Readonly<Record<NutritionGoal, { readonly protein: number; readonly carbs: number; readonly fat: number }>> = {
  balanced: { protein: 25, carbs: 50, fat: 25 },
  muscle_gain: { protein: 30, carbs: 45, fat: 25 },
  low_carb: { protein: 30, carbs: 20, fat: 50 },
};
const KCAL_PER_GRAM = { protein: 4, carbs: 4, fat: 9 } as const;

export interface Macros {
  /** Grams a day, whole numbers. */
  readonly proteinG: number;
  readonly carbsG: number;
  readonly fatG: number;
  /** The split in percent, as declared for the nutrition goal. */
  readonly split: { readonly protein: number; readonly carbs: number; readonly fat: number };
}

export interface WeightPoint {
  readonly day: CalendarDay;
  readonly weightKg: number;
}

export interface PersonalPlan {
  readonly kind: 'personal';
  readonly direction: 'lose' | 'gain' | 'maintain';
  /** Resting energy (Mifflin-St Jeor), kcal, unrounded. */
  readonly restingKcal: number;
  /** Resting energy x activity factor: what keeps the weight, kcal, unrounded. */
  readonly maintenanceKcal: number;
  /** The daily goal, rounded to 10 kcal, never below the floor. */
  readonly dailyKcal: number;
  readonly macros: Macros;
  /** kg per week the plan works at (0 when maintaining). */
  readonly weeklyChangeKg: number;
  readonly startKg: number;
  readonly goalKg: number;
  /** The day the goal weight is expected (today when maintaining). */
  readonly goalDay: CalendarDay;
  /** The projected weight, today first, then weekly, the goal day last. */
  readonly projection: readonly WeightPoint[];
}

/** Without the answers: the 2,000 kcal reference day used on food labels, with the split of the goal if known. */
export interface GenericPlan {
  readonly kind: 'generic';
  readonly dailyKcal: number;
  readonly macros: Macros;
}

export const REFERENCE_DAILY_KCAL = 2000;

/** Mifflin-St Jeor resting energy in kcal a day. */
export function mifflinStJeor(sex: Sex, weightKg: number, heightCm: number, ageYears: number): number {
  return 10 * weightKg + 6.25 * heightCm - 5 * ageYears + (sex === 'male' ? 5 : -161);
}

/** Grams of each macronutrient for a calorie goal and a nutrition goal. */
export function macrosFor(dailyKcal: number, goal: NutritionGoal): Macros {
  const split = MACRO_SPLITS[goal];
  return {
    proteinG: Math.round((dailyKcal * split.protein) / 100 / KCAL_PER_GRAM.protein),
    carbsG: Math.round((dailyKcal * split.carbs) / 100 / KCAL_PER_GRAM.carbs),
    fatG: Math.round((dailyKcal * split.fat) / 100 / KCAL_PER_GRAM.fat),
    split,
  };
}

/** The personal plan for complete answers, starting `today`. */
export function personalPlan(answers: PlanAnswers, today: CalendarDay): PersonalPlan {
  const restingKcal = mifflinStJeor(answers.sex, answers.weightKg, answers.heightCm, answers.ageYears);
  const maintenanceKcal = restingKcal * ACTIVITY_FACTORS[answers.activityLevel];
  const difference = answers.goalWeightKg - answers.weightKg;
  const direction = Math.abs(difference) < MAINTAIN_WITHIN_KG ? 'maintain' : difference < 0 ? 'lose' : 'gain';
  const requestedWeekly = direction === 'lose' ? WEEKLY_LOSS_KG[answers.speedGoal] : direction === 'gain' ? WEEKLY_GAIN_KG[answers.speedGoal] : 0;
  const dailyChange = (requestedWeekly * KCAL_PER_KG) / 7;
  const target = direction === 'lose' ? maintenanceKcal - dailyChange : maintenanceKcal + dailyChange;
  const dailyKcal = Math.max(CALORIE_FLOOR[answers.sex], roundTo(target, 10));
  // The floor can shrink a deficit: the projection follows the calories the plan really gives.
  const weeklyChangeKg =
    direction === 'lose' ? Math.min(requestedWeekly, Math.max(0, ((maintenanceKcal - dailyKcal) * 7) / KCAL_PER_KG)) : requestedWeekly;
  const projection = projectWeight(answers.weightKg, answers.goalWeightKg, weeklyChangeKg, today);
  const last = projection[projection.length - 1];
  return {
    kind: 'personal',
    direction,
    restingKcal,
    maintenanceKcal,
    dailyKcal,
    macros: macrosFor(dailyKcal, answers.nutritionGoal),
    weeklyChangeKg,
    startKg: answers.weightKg,
    goalKg: answers.goalWeightKg,
    goalDay: last?.day ?? today,
    projection,
  };
}

/** The generic plan shown when answers are missing. */
export function genericPlan(goal: NutritionGoal | undefined): GenericPlan {
  return { kind: 'generic', dailyKcal: REFERENCE_DAILY_KCAL, macros: macrosFor(REFERENCE_DAILY_KCAL, goal ?? 'balanced') };
}

/**
 * Weight week by week at a steady rate from `startKg` to `goalKg`; the last point is the goal on the
 * day it is reached (days rounded up). No change (or no rate) gives the one point of today.
 */
export function projectWeight(startKg: number, goalKg: number, weeklyChangeKg: number, today: CalendarDay): WeightPoint[] {
  const distance = Math.abs(goalKg - startKg);
  if (distance < MAINTAIN_WITHIN_KG || weeklyChangeKg <= 0) return [{ day: today, weightKg: startKg }];
  const sign = goalKg < startKg ? -1 : 1;
  const totalDays = Math.ceil((distance / weeklyChangeKg) * 7 - 1e-9);
  const points: WeightPoint[] = [];
  for (let day = 0; day < totalDays; day += 7) points.push({ day: addDays(today, day), weightKg: startKg + (sign * weeklyChangeKg * day) / 7 });
  points.push({ day: addDays(today, totalDays), weightKg: goalKg });
  return points;
}

/** `YYYY-MM-DD` plus whole days, in UTC arithmetic so no daylight-saving change can skip or repeat a day. */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`not a calendar day: "${day}"`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return date.toISOString().slice(0, 10);
}

/** The calendar day of a moment in the visitor's own time zone (`offsetMinutes` as Date#getTimezoneOffset gives it). */
export function calendarDayOf(epochMs: number, offsetMinutes: number): CalendarDay {
  return new Date(epochMs - offsetMinutes * 60_000).toISOString().slice(0, 10);
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}
