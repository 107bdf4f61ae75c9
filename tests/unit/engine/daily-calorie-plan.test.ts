import { describe, expect, it } from 'vitest';
import { addDays, calendarDayOf, genericPlan, mifflinStJeor, personalPlan, projectWeight } from '../../../engine/daily-calorie-plan';
import { planFromAnswers } from '../../../engine/plan-from-answers';

/**
 * Worked examples computed by hand (the arithmetic is written next to each number), so the formula,
 * the factors, the rounding and the dates are each pinned. "Today" is always given: nothing here
 * depends on the clock.
 */
describe('daily calorie plan (engine/daily-calorie-plan.ts)', () => {
  it('example 1, the e2e walk: woman, 34 y, 5 ft 7 in, 150 lb -> 140 lb, lightly active, moderate, balanced', () => {
    // Stored as the funnel stores it: 67 in = 170.18 cm, 150 lb = 68.0388 kg, 140 lb = 63.50288 kg.
    const plan = personalPlan(
      { sex: 'female', ageYears: 34, heightCm: 170.18, weightKg: 68.0388, goalWeightKg: 63.50288, activityLevel: 'lightly_active', speedGoal: 'moderate', nutritionGoal: 'balanced' },
      '2026-01-05',
    );
    // 10 x 68.0388 + 6.25 x 170.18 - 5 x 34 - 161 = 680.388 + 1063.625 - 170 - 161 = 1413.013
    expect(plan.restingKcal).toBeCloseTo(1413.013, 6);
    // x 1.375 = 1942.892875
    expect(plan.maintenanceKcal).toBeCloseTo(1942.892875, 6);
    // - 0.5 kg/week x 7700 / 7 = 550 -> 1392.89 -> 1390
    expect(plan.dailyKcal).toBe(1390);
    expect(plan.direction).toBe('lose');
    // 25/50/25: 1390 x .25 / 4 = 86.875 -> 87 g; 1390 x .5 / 4 = 173.75 -> 174 g; 1390 x .25 / 9 = 38.6 -> 39 g
    expect(plan.macros).toEqual({ proteinG: 87, carbsG: 174, fatG: 39, split: { protein: 25, carbs: 50, fat: 25 } });
    // 4.53592 kg at 0.5 kg/week = 9.07 weeks = 63.5 days -> 64 days after 5 Jan 2026 = 10 Mar 2026
    expect(plan.weeklyChangeKg).toBe(0.5);
    expect(plan.goalDay).toBe('2026-03-10');
    // Weekly points on days 0..63 (10), then the goal day.
    expect(plan.projection).toHaveLength(11);
    expect(plan.projection[0]).toEqual({ day: '2026-01-05', weightKg: 68.0388 });
    expect(plan.projection[9]?.day).toBe('2026-03-09');
    expect(plan.projection[9]?.weightKg).toBeCloseTo(68.0388 - 0.5 * 9, 9);
    expect(plan.projection[10]).toEqual({ day: '2026-03-10', weightKg: 63.50288 });
  });

  it('example 2: man, 40 y, 180 cm, 90 kg -> 80 kg, moderately active, fast, low carb; dates across a DST change', () => {
    const plan = personalPlan(
      { sex: 'male', ageYears: 40, heightCm: 180, weightKg: 90, goalWeightKg: 80, activityLevel: 'moderately_active', speedGoal: 'fast', nutritionGoal: 'low_carb' },
      '2026-03-29',
    );
    // 900 + 1125 - 200 + 5 = 1830; x 1.55 = 2836.5; - 0.75 x 7700 / 7 = 825 -> 2011.5 -> 2010
    expect(plan.restingKcal).toBe(1830);
    expect(plan.maintenanceKcal).toBeCloseTo(2836.5, 9);
    expect(plan.dailyKcal).toBe(2010);
    // 30/20/50: 2010 x .3 / 4 = 150.75 -> 151; 2010 x .2 / 4 = 100.5 -> 101; 2010 x .5 / 9 = 111.7 -> 112
    expect(plan.macros).toMatchObject({ proteinG: 151, carbsG: 101, fatG: 112 });
    // 10 kg / 0.75 x 7 = 93.3 -> 94 days after 29 Mar 2026 (Europe's clocks change that day) = 1 Jul 2026
    expect(plan.goalDay).toBe('2026-07-01');
  });

  it('example 3: to gain, half the speed: man, 25 y, 175 cm, 65 -> 70 kg, very active, moderate, muscle gain', () => {
    const plan = personalPlan(
      { sex: 'male', ageYears: 25, heightCm: 175, weightKg: 65, goalWeightKg: 70, activityLevel: 'very_active', speedGoal: 'moderate', nutritionGoal: 'muscle_gain' },
      '2026-01-05',
    );
    // 650 + 1093.75 - 125 + 5 = 1623.75; x 1.725 = 2800.97; + 0.25 x 7700 / 7 = 275 -> 3075.97 -> 3080
    expect(plan.direction).toBe('gain');
    expect(plan.dailyKcal).toBe(3080);
    // 30/45/25: 3080 x .3 / 4 = 231; 3080 x .45 / 4 = 346.5 -> 347; 3080 x .25 / 9 = 85.6 -> 86
    expect(plan.macros).toMatchObject({ proteinG: 231, carbsG: 347, fatG: 86 });
    // 5 kg / 0.25 x 7 = 140 days after 5 Jan 2026 = 25 May 2026
    expect(plan.goalDay).toBe('2026-05-25');
    expect(plan.projection[1]?.weightKg).toBeCloseTo(65.25, 9);
  });

  it('example 4: the floor: woman, 60 y, 150 cm, 50 -> 45 kg, sedentary, fast stays at 1200 kcal and projects no date', () => {
    const plan = personalPlan(
      { sex: 'female', ageYears: 60, heightCm: 150, weightKg: 50, goalWeightKg: 45, activityLevel: 'sedentary', speedGoal: 'fast', nutritionGoal: 'balanced' },
      '2026-01-05',
    );
    // 500 + 937.5 - 300 - 161 = 976.5; x 1.2 = 1171.8; - 825 = 346.8 -> below the 1200 floor
    expect(plan.maintenanceKcal).toBeCloseTo(1171.8, 9);
    expect(plan.dailyKcal).toBe(1200);
    // 1200 is above maintenance: no deficit, so no honest date to promise.
    expect(plan.weeklyChangeKg).toBe(0);
    expect(plan.projection).toEqual([{ day: '2026-01-05', weightKg: 50 }]);
  });

  it('a goal within 0.5 kg maintains: the goal is the maintenance energy, reached today', () => {
    const plan = personalPlan(
      { sex: 'female', ageYears: 30, heightCm: 165, weightKg: 60, goalWeightKg: 60.3, activityLevel: 'sedentary', speedGoal: 'fast', nutritionGoal: 'balanced' },
      '2026-01-05',
    );
    // 600 + 1031.25 - 150 - 161 = 1320.25; x 1.2 = 1584.3 -> 1580
    expect([plan.direction, plan.dailyKcal, plan.goalDay, plan.projection.length]).toEqual(['maintain', 1580, '2026-01-05', 1]);
  });

  it('Mifflin-St Jeor differs by 166 kcal between men and women of the same build', () => {
    expect(mifflinStJeor('male', 70, 170, 30) - mifflinStJeor('female', 70, 170, 30)).toBe(166);
  });

  it('calendar arithmetic: month ends, leap years, the visitor\'s time zone', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    // 23:30 UTC on 4 Jan is already 5 Jan in Berlin (offset -60) and still 4 Jan in New York (offset 300).
    const moment = Date.UTC(2026, 0, 4, 23, 30);
    expect(calendarDayOf(moment, -60)).toBe('2026-01-05');
    expect(calendarDayOf(moment, 300)).toBe('2026-01-04');
    expect(() => addDays('5 Jan', 1)).toThrow(/not a calendar day/);
    expect(projectWeight(80, 79, 0.5, '2026-01-05')).toEqual([
      { day: '2026-01-05', weightKg: 80 },
      { day: '2026-01-12', weightKg: 79.5 },
      { day: '2026-01-19', weightKg: 79 },
    ]);
  });
});

describe('planFromAnswers (engine/plan-from-answers.ts)', () => {
  const stored: Record<string, string> = {
    gender: 'female',
    height: '170.18',
    weight: '68.0388',
    goalWeight: '63.50288',
    age: '34',
    activityLevel: 'lightly_active',
    speedGoal: 'moderate',
    nutritionGoal: 'balanced',
  };
  const reader = (values: Record<string, string>) => (key: string) => values[key] ?? null;

  it('reads the stored answers into the personal plan', () => {
    const plan = planFromAnswers(reader(stored), '2026-01-05');
    expect(plan.kind === 'personal' ? [plan.dailyKcal, plan.goalDay] : plan.kind).toEqual([1390, '2026-03-10']);
  });

  it('a missing or unusable answer gives the generic 2,000 kcal plan, with the nutrition goal when known', () => {
    const { height: _dropped, ...withoutHeight } = stored;
    // 2000 x .25 / 4 = 125; 2000 x .5 / 4 = 250; 2000 x .25 / 9 = 55.6 -> 56
    expect(planFromAnswers(reader(withoutHeight), '2026-01-05')).toEqual({ kind: 'generic', dailyKcal: 2000, macros: { proteinG: 125, carbsG: 250, fatG: 56, split: { protein: 25, carbs: 50, fat: 25 } } });
    expect(planFromAnswers(reader({ ...stored, age: '0' }), '2026-01-05').kind).toBe('generic');
    expect(planFromAnswers(reader({ ...stored, activityLevel: 'couch' }), '2026-01-05').kind).toBe('generic');
    expect(planFromAnswers(reader({ nutritionGoal: 'low_carb' }), '2026-01-05')).toEqual(genericPlan('low_carb'));
    expect(planFromAnswers(reader({}), '2026-01-05')).toEqual(genericPlan(undefined));
  });
});
