import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bmiScaleBands } from '../../../engine/bmi-bands';
import { calculators, wholeYearsBetween } from '../../../engine/calculators';
import { personalPlan } from '../../../engine/daily-calorie-plan';

const reading = (values: Readonly<Record<string, string>>) => (key: string) => values[key] ?? null;
const today = '2026-11-28';
const stored = { gender: 'female', age: '34', height: '165', weight: '80', goalWeight: '70', activityLevel: 'lightly_active', speedGoal: 'moderate', nutritionGoal: 'balanced' };

describe('calculators', () => {
  it('bmi: kg / m² to one decimal, undefined without both inputs', () => {
    expect(calculators.bmi.compute({ read: reading({ height: '165', weight: '80' }), today })).toEqual({ kind: 'number', value: 29.4 });
    expect(calculators.bmi.compute({ read: reading({ height: '180', weight: '70' }), today })).toEqual({ kind: 'number', value: 21.6 });
    expect(calculators.bmi.compute({ read: reading({ height: '180' }), today })).toBeUndefined();
    expect(calculators.bmi.compute({ read: reading({ height: '0', weight: '70' }), today })).toBeUndefined();
  });

  it('bmiBand: the WHO adult band of the shown (rounded) BMI, as a translation key', () => {
    const band = (height: string, weight: string) => calculators.bmiBand.compute({ read: reading({ height, weight }), today });
    // 53.4 kg at 170 cm: 18.48 -> 18.5, the first healthy value (the visitor sees 18.5, not underweight).
    expect(band('170', '53.4')).toEqual({ kind: 'term', value: 'common:bmiBands.normal' });
    expect(band('170', '53.3')).toEqual({ kind: 'term', value: 'common:bmiBands.underweight' });
    // 24.9 healthy, 25.0 overweight, 29.9 overweight, 30.0 obese (100 cm: BMI = kg).
    expect(band('100', '24.9')).toEqual({ kind: 'term', value: 'common:bmiBands.normal' });
    expect(band('100', '25')).toEqual({ kind: 'term', value: 'common:bmiBands.overweight' });
    expect(band('100', '29.9')).toEqual({ kind: 'term', value: 'common:bmiBands.overweight' });
    expect(band('100', '30')).toEqual({ kind: 'term', value: 'common:bmiBands.obese' });
    expect(calculators.bmiBand.compute({ read: reading({ height: '170' }), today })).toBeUndefined();
    expect(calculators.bmiBand.terms).toEqual(['common:bmiBands.underweight', 'common:bmiBands.normal', 'common:bmiBands.overweight', 'common:bmiBands.obese']);
  });

  it('bmiScaleBands: the bmiBand bands end to end on the 15-40 scale the bmiScale visual draws', () => {
    expect(bmiScaleBands).toEqual([
      { key: 'common:bmiBands.underweight', from: 15, to: 18.5 },
      { key: 'common:bmiBands.normal', from: 18.5, to: 25 },
      { key: 'common:bmiBands.overweight', from: 25, to: 30 },
      { key: 'common:bmiBands.obese', from: 30, to: 40 },
    ]);
    expect(bmiScaleBands.map(({ key }) => key)).toEqual(calculators.bmiBand.terms);
  });

  it('every term a calculator can give is translated in every language', () => {
    const languages = readdirSync(fileURLToPath(new URL('../../../public/locales', import.meta.url)));
    expect(languages).toHaveLength(20);
    for (const language of languages) {
      const common: unknown = JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/${language}/common.json`, import.meta.url)), 'utf8'));
      for (const calculator of Object.values(calculators)) {
        for (const key of 'terms' in calculator ? calculator.terms : []) {
          const text = key.replace(/^common:/, '').split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? Reflect.get(node, part) : undefined), common);
          expect(typeof text === 'string' && text.trim() !== '', `${language}: ${key}`).toBe(true);
        }
      }
    }
  });

  it('dailyCalorieGoal and goalDate: the plans page\'s Mifflin-St Jeor plan', () => {
    const plan = personalPlan(
      { sex: 'female', ageYears: 34, heightCm: 165, weightKg: 80, goalWeightKg: 70, activityLevel: 'lightly_active', speedGoal: 'moderate', nutritionGoal: 'balanced' },
      today,
    );
    expect(calculators.dailyCalorieGoal.compute({ read: reading(stored), today })).toEqual({ kind: 'number', value: plan.dailyKcal });
    // 10 x 80 + 6.25 x 165 - 5 x 34 - 161 = 1500.25 kcal resting, x 1.375 = 2062.8, - 550 = 1512.8 -> 1510.
    expect(plan.dailyKcal).toBe(1510);
    expect(calculators.goalDate.compute({ read: reading(stored), today })).toEqual({ kind: 'date', value: plan.goalDay });
    // 10 kg at 0.5 kg a week: 140 days.
    expect(plan.goalDay).toBe('2027-04-17');
    expect(calculators.dailyCalorieGoal.compute({ read: reading({ ...stored, activityLevel: 'couch' }), today })).toBeUndefined();
  });

  it('ageFromBirthDate: completed years, the birthday counts from its day', () => {
    expect(calculators.ageFromBirthDate.compute({ read: reading({ birthDate: '1990-11-28' }), today })).toEqual({ kind: 'number', value: 36 });
    expect(calculators.ageFromBirthDate.compute({ read: reading({ birthDate: '1990-11-29' }), today })).toEqual({ kind: 'number', value: 35 });
    expect(wholeYearsBetween('2000-02-29', '2027-02-28')).toBe(26);
    expect(wholeYearsBetween('2030-01-01', today)).toBeUndefined();
    expect(wholeYearsBetween('28.11.1990', today)).toBeUndefined();
  });
});
