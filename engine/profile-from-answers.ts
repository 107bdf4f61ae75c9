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

/** The `profiles` columns a flow's declared storage keys can fill (`storageKeys: { age: { profile: age_in_years } }`). */
export const profileColumns = [
  'age_in_years',
  'achieve_results',
  'primary_nutrition_goal',
  'activity_level',
  'height_in_cm',
  'is_female',
  'is_using_metric',
  'weight_in_kg',
  'goal_weight_in_kg',
] as const;
export type ProfileColumn = (typeof profileColumns)[number];

/** Which stored key fills each column (from the flows' `storageKeys` declarations). */
export type ProfileSources = Readonly<Partial<Record<ProfileColumn, string>>>;

/**
 * The forms of a stored key each column can be read from (flow-schema.ts `storedForms`); the verifier
 * refuses a declaration that maps another form to it.
 */
export const profileColumnForms: Readonly<Record<ProfileColumn, readonly string[]>> = {
  age_in_years: ['wholeNumber', 'number'],
  achieve_results: ['option', 'text'],
  primary_nutrition_goal: ['option', 'text'],
  activity_level: ['option', 'text'],
  height_in_cm: ['number'],
  is_female: ['option'],
  is_using_metric: ['flag'],
  weight_in_kg: ['number'],
  goal_weight_in_kg: ['number'],
};

/**
 * Maps the stored answers to a profile row through `sources`: each column reads the key a flow declares
 * for it (flows/default.yaml declares the spec's: age, speedGoal, ...); a column no key fills is null. A missing or unparsable answer
 * becomes null rather than 0, so the app can ask again instead of planning with a made-up value.
 * `achieve_results` holds the speed goal (fast / moderate / slow): how fast the visitor wants results
 * (see docs/decisions/0102-profile-mapping.md).
 */
export function profileFromAnswers(userId: string, read: (key: string) => string | null, sources: ProfileSources): ProfileRow {
  const column = (name: ProfileColumn): string | null => {
    const key = sources[name];
    return key === undefined ? null : read(key);
  };
  const gender = column('is_female');
  const metric = column('is_using_metric');
  return {
    user_id: userId,
    age_in_years: wholeNumber(column('age_in_years')),
    achieve_results: text(column('achieve_results')),
    primary_nutrition_goal: text(column('primary_nutrition_goal')),
    activity_level: text(column('activity_level')),
    height_in_cm: decimal(column('height_in_cm')),
    is_female: gender === 'female' ? true : gender === 'male' ? false : null,
    is_using_metric: metric === 'true' ? true : metric === 'false' ? false : null,
    weight_in_kg: decimal(column('weight_in_kg')),
    goal_weight_in_kg: decimal(column('goal_weight_in_kg')),
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
