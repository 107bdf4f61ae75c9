/** A row for table `profiles`, built from the onboarding answers in local storage. */
export interface ProfileRow {
  readonly user_id: string;
  readonly age_in_years: number | null;
  readonly achieve_results: string | null;
  readonly primary_nutrition_goal: string | null;
  readonly activity_level: string | null;
  readonly height_in_cm: number | null;
  readonly is_female: boolean | null;
  readonly is_using_metric: boolean | null;
  readonly weight_in_kg: number | null;
  readonly goal_weight_in_kg: number | null;
}

/**
 * Maps the stored answers (spec's local-storage table) to a profile row. A missing or unparsable answer
 * becomes null rather than 0, so the app can ask again instead of planning with a made-up value.
 * `achieve_results` holds the speed goal (fast / moderate / slow): how fast the visitor wants results
 * (see docs/decisions/0102-profile-mapping.md).
 */
export function profileFromAnswers(userId: string, read: (key: string) => string | null): ProfileRow {
  const gender = read('gender');
  const metric = read('useMetricOrImperial');
  return {
    user_id: userId,
    age_in_years: wholeNumber(read('age')),
    achieve_results: text(read('speedGoal')),
    primary_nutrition_goal: text(read('nutritionGoal')),
    activity_level: text(read('activityLevel')),
    height_in_cm: decimal(read('height')),
    is_female: gender === 'female' ? true : gender === 'male' ? false : null,
    is_using_metric: metric === 'true' ? true : metric === 'false' ? false : null,
    weight_in_kg: decimal(read('weight')),
    goal_weight_in_kg: decimal(read('goalWeight')),
  };
}

function text(value: string | null): string | null {
  return value && value.trim() !== '' ? value : null;
}

function decimal(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function wholeNumber(value: string | null): number | null {
  const n = decimal(value);
  return n === null ? null : Math.trunc(n);
}

/**
 * Whether the row carries any answer at all. A confirmation link opened on another device (or in a
 * mail app's own browser) finds no answers there; writing that empty row would claim the profile for
 * nothing and block the real one from the device that has the answers (docs/decisions/0113-confirmation-on-other-device.md).
 */
export function hasAnyAnswer(row: ProfileRow): boolean {
  return Object.entries(row).some(([column, value]) => column !== 'user_id' && value !== null);
}
