import { type CalendarDay } from './daily-calorie-plan.ts';
import { bmiBandKey, bmiBands } from './bmi-bands.ts';
import { planFromAnswers } from './plan-from-answers.ts';

/**
 * What a calculator reads: the stored answers of the visitor's path by storage key (the values
 * answer-storage.ts writes: cm, kg, years, option values), and the visitor's calendar day.
 */
export interface CalculatorInput {
  readonly read: (key: string) => string | null;
  readonly today: CalendarDay;
}

/** A term is a word the texts show translated: `value` is its translation key (e.g. a BMI band). */
export type ComputedValue =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'date'; readonly value: CalendarDay }
  | { readonly kind: 'term'; readonly value: string };

export interface Calculator {
  /** What it gives: a number (usable in conditions), a calendar day or a term (shown on info steps). */
  readonly result: ComputedValue['kind'];
  /** A term calculator's possible translation keys: every locale must have each (tested). */
  readonly terms?: readonly string[];
  /** The storage keys it reads: the verifier checks a step writes each before the value is used. */
  readonly reads: readonly string[];
  /** Undefined when an input is missing or unusable. */
  readonly compute: (input: CalculatorInput) => ComputedValue | undefined;
}

const planKeys = ['gender', 'age', 'height', 'weight', 'goalWeight', 'activityLevel', 'speedGoal', 'nutritionGoal'] as const;

/**
 * The named calculators a flow can reference (`computed: bmi`). A small fixed set on purpose: no
 * expression language in the YAML, and each one is unit-tested here in engine/.
 */
export const calculators = {
  /** Body-mass index, kg / m², one decimal (height cm, weight kg). */
  bmi: {
    result: 'number',
    reads: ['height', 'weight'],
    compute: ({ read }) => {
      const value = bmiOf(read);
      return value === undefined ? undefined : { kind: 'number', value };
    },
  },
  /** The WHO adult BMI band of the `bmi` above (the same rounded value the visitor is shown), as a word. */
  bmiBand: {
    result: 'term',
    reads: ['height', 'weight'],
    terms: bmiBands.map(({ band }) => bmiBandKey(band)),
    compute: ({ read }) => {
      const bmi = bmiOf(read);
      if (bmi === undefined) return undefined;
      const { band } = bmiBands.find(({ below }) => bmi < below) ?? { band: 'obese' };
      return { kind: 'term', value: bmiBandKey(band) };
    },
  },
  /** The plans page's daily calorie goal (Mifflin-St Jeor, engine/daily-calorie-plan.ts), kcal. */
  dailyCalorieGoal: {
    result: 'number',
    reads: planKeys,
    compute: ({ read, today }) => {
      const plan = planFromAnswers(read, today);
      return plan.kind === 'personal' ? { kind: 'number', value: plan.dailyKcal } : undefined;
    },
  },
  /** The day the goal weight is reached at the chosen pace (the plan's projection). */
  goalDate: {
    result: 'date',
    reads: planKeys,
    compute: ({ read, today }) => {
      const plan = planFromAnswers(read, today);
      return plan.kind === 'personal' ? { kind: 'date', value: plan.goalDay } : undefined;
    },
  },
  /** Whole years from the stored `birthDate` (YYYY-MM-DD) to today. */
  ageFromBirthDate: {
    result: 'number',
    reads: ['birthDate'],
    compute: ({ read, today }) => {
      const years = wholeYearsBetween(read('birthDate') ?? '', today);
      return years === undefined ? undefined : { kind: 'number', value: years };
    },
  },
} as const satisfies Readonly<Record<string, Calculator>>;

export type CalculatorName = keyof typeof calculators;
export const calculatorNames: readonly string[] = Object.keys(calculators);

export function isCalculatorName(name: string): name is CalculatorName {
  return Object.hasOwn(calculators, name);
}

/** Completed years from `birth` to `today` (both YYYY-MM-DD); undefined for a malformed or future day. */
export function wholeYearsBetween(birth: CalendarDay, today: CalendarDay): number | undefined {
  const from = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birth);
  const to = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!from || !to) return undefined;
  const [fy, fm, fd] = [Number(from[1]), Number(from[2]), Number(from[3])];
  const [ty, tm, td] = [Number(to[1]), Number(to[2]), Number(to[3])];
  const years = ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
  return years >= 0 ? years : undefined;
}

/** kg / m² to one decimal, from height in cm and weight in kg. */
function bmiOf(read: CalculatorInput['read']): number | undefined {
  const heightCm = positive(read('height'));
  const weightKg = positive(read('weight'));
  if (heightCm === undefined || weightKg === undefined) return undefined;
  return Math.round((weightKg / (heightCm / 100) ** 2) * 10) / 10;
}

function positive(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
}
