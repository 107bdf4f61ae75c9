import { z } from 'zod';
import { isOnScale } from './scale-step.ts';
import { profileColumns } from './profile-from-answers.ts';
import { DEFAULT_IMPERIAL_REGIONS } from './answer-storage.ts';

/**
 * The flow file format: the single source of truth for flow types.
 *
 * This module uses classic zod and runs only at build time (Vite plugin, CLI, tests). The browser gets
 * the compiled form (`compiled-flow.ts`), never this schema.
 */

export const FLOW_FILE_VERSION = 1;

/** Screen kinds a step can use. Each maps to exactly one component in screens/screen-registry.tsx. */
export const screenKinds = [
  'singleChoice',
  'company',
  'info',
  'number',
  'readyToStart',
  'signUpEmail',
  'signUpPassword',
  'multiSelect',
  'slider',
  'date',
  'text',
] as const;
export type ScreenKind = (typeof screenKinds)[number];

/**
 * What a declared local-storage key holds, in the form engine/answer-storage.ts writes it: an option
 * value, a JSON array of option values, a decimal, a whole number, a day (YYYY-MM-DD), a text, or
 * "true"/"false". The verifier checks each step writes its key's form.
 */
export const storedForms = ['option', 'options', 'number', 'wholeNumber', 'date', 'text', 'flag'] as const;
export type StoredForm = (typeof storedForms)[number];

const identifier = z.string().regex(/^[a-z][A-Za-z0-9]*$/, 'must be a camelCase identifier');
const optionValue = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be lowercase letters, digits, _ or -');
/** An i18next key, `namespace:path.to.key`. */
const translationKey = z.string().regex(/^[a-z][A-Za-z0-9-]*:[A-Za-z0-9_.-]+$/, 'must look like "namespace:key.path"');
const appPath = z.string().regex(/^\/[A-Za-z0-9/_-]*$/, 'must be an absolute app path like "/sign-up/password"');
/** A Fluent Emoji (flat) name, e.g. `red-apple`: the files public/icons/<name>-<width>.png (`npm run art` writes them). */
export const iconName = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a Fluent Emoji name in kebab-case, e.g. "red-apple"');
const imagePath = z.string().regex(/^\/[A-Za-z0-9/_.-]+\.(webp|png|jpg|jpeg|svg|avif)$/, 'must be an image path under public/');

/** Where a step's answer goes in local storage. */
export const storageSchema = z.discriminatedUnion('mode', [
  /** The option value (or the converted number) under a key the flow declares (`storageKeys`). `map` rewrites option values. */
  z.strictObject({
    mode: z.literal('value'),
    key: identifier,
    map: z.record(optionValue, z.string()).optional(),
  }),
  /** The English option text keyed by the English question heading (spec: "other answers"). */
  z.strictObject({ mode: z.literal('answerText') }),
  /** Nothing stored (company, info, readyToStart, sign-up steps). */
  z.strictObject({ mode: z.literal('none') }),
]);

export const linkSchema = z.strictObject({
  label: translationKey,
  to: appPath,
});

export const backgroundSchema = z.union([
  z.strictObject({ female: imagePath, male: imagePath }),
  z.strictObject({ all: imagePath }),
]);

/**
 * The illustration of an info step, drawn from these numbers and texts (screens/info-visual.tsx), so the
 * claim ("nutrition accounts for 80 % of results") is shown, not only written.
 */
export const visualSchema = z.discriminatedUnion('kind', [
  /** A donut: `percent` of the whole is `label`, the rest is `restLabel`. */
  z.strictObject({ kind: z.literal('share'), percent: z.number().min(0).max(100), label: translationKey, restLabel: translationKey }),
  /** A list of what comes next, each with its icon. */
  z.strictObject({ kind: z.literal('checklist'), items: z.array(z.strictObject({ icon: iconName, label: translationKey })).min(1).max(8) }),
  /** Horizontal bars on one scale, e.g. calories per 100 g of four foods. */
  z.strictObject({
    kind: z.literal('bars'),
    unit: translationKey,
    bars: z.array(z.strictObject({ label: translationKey, value: z.number().nonnegative(), icon: iconName.optional() })).min(2).max(6),
  }),
  /** The WHO BMI bands on one scale with a marker at the step's value `value` (a name under `values:`, e.g. bmi). */
  z.strictObject({ kind: z.literal('bmiScale'), value: z.string().min(1) }),
  /** Lines over time on one scale (first point = start, last = end), the emphasised one in brand colour. */
  z.strictObject({
    kind: z.literal('trend'),
    start: translationKey,
    end: translationKey,
    series: z
      .array(z.strictObject({ label: translationKey, points: z.array(z.number()).min(2).max(12), emphasis: z.boolean().optional() }))
      .min(1)
      .max(3),
  }),
]);
export type VisualDefinition = z.infer<typeof visualSchema>;

/** Plausible values in one unit, e.g. { min: 100, max: 250 } (cm). */
export const numberRangeSchema = z
  .strictObject({ min: z.number().positive(), max: z.number().positive() })
  .refine((range) => range.min < range.max, { message: 'min must be below max: swap them, or widen the range', path: ['max'] });

/** A unit name: its labels are the translation keys `common:units.<name>` (the verifier checks them). */
const unitName = z.string().regex(/^[a-z][A-Za-z]*$/, 'must be a unit name like "cm", "lb" or "ftIn"');

/**
 * One side of a unit system: the unit the visitor types in. Its label is `common:units.<unit>` (field
 * suffix and toggle button). `composite` types the number as two fields, e.g. feet and inches: `unit` is
 * the whole (ftIn: its toggle label, `common:units.<unit>Value` shows a value with {{major}} and
 * {{minor}}, `common:numbers.<unit>` is its "not a number" message), `minor` is the unit the factor,
 * range and placeholder are in, `per` minor units make one `major`.
 */
export const numberUnitSchema = z.strictObject({
  unit: unitName,
  /** Stored units in one of this unit (2.54 cm per in, 0.453592 kg per lb). The metric side is the stored unit: 1. */
  toStored: z.number().positive('must be above 0: how many stored units one of this unit is, e.g. 2.54 (cm per in)').optional(),
  /** The example shown in the empty field, in this unit (the minor unit of a composite). */
  placeholder: z.number().nonnegative().optional(),
  /**
   * Plausible values in this unit; outside them the answer is refused with a message naming them.
   * Required on the metric side (the stored unit: conditions compare with it). Left out on the imperial
   * side, the metric range is used, shown converted and rounded inwards (100-250 cm: 40-98 in).
   */
  range: numberRangeSchema.optional(),
  /** false: whole numbers, a typed fraction is cut off (age) and the keyboard has no decimal key. Default true. */
  decimals: z.boolean().optional(),
  composite: z.strictObject({ major: unitName, minor: unitName, per: z.number().int('must be a whole number of minor units').positive() }).optional(),
});
export type NumberUnitDefinition = z.infer<typeof numberUnitSchema>;

/**
 * A declared unit system for number steps (`screen: number`, `unitSystem: <name>`): the metric unit,
 * which is also the unit the answer is stored and compared in, and optionally an imperial one the
 * visitor can switch to (a toggle). With both, every answer also writes `useMetricOrImperial`, and the
 * visitor's choice carries to the next number step. `rangeMessage` is the translation key of the
 * out-of-range message ({{min}}, {{max}}); `enteredKey`, when set, is a local-storage key written "true"
 * with every answer (the spec's `heightEntered`).
 */
export const unitSystemSchema = z.strictObject({
  metric: numberUnitSchema,
  imperial: numberUnitSchema.optional(),
  rangeMessage: translationKey,
  enteredKey: identifier.optional(),
});

/** multiSelect: how many options may be picked (Continue is enabled only within min..max). */
export const selectionsSchema = z
  .strictObject({ min: z.number().int().min(1), max: z.number().int().min(1) })
  .refine((count) => count.min <= count.max, { message: 'min must not be above max', path: ['max'] });

/** slider: the scale, its default position (the visitor still confirms it) and its end labels. */
export const scaleSchema = z
  .strictObject({
    min: z.number(),
    max: z.number(),
    step: z.number().positive(),
    /** Where the thumb starts; defaults to the middle step. Nothing is stored until Continue. */
    default: z.number().optional(),
    minLabel: translationKey,
    maxLabel: translationKey,
  })
  .refine((scale) => scale.min < scale.max, { message: 'min must be below max', path: ['max'] })
  .refine((scale) => isOnScale(scale, scale.max), { message: 'max must be min plus a whole number of steps', path: ['step'] })
  .refine((scale) => scale.default === undefined || (scale.default >= scale.min && scale.default <= scale.max && isOnScale(scale, scale.default)), {
    message: 'default must be a step of the scale between min and max',
    path: ['default'],
  });

/** A day relative to the visitor's today: `{ years: -16 }` is 16 years ago, `{ days: 0 }` today. */
export const relativeDaySchema = z
  .strictObject({ years: z.number().int().optional(), months: z.number().int().optional(), days: z.number().int().optional() })
  .refine((day) => day.years !== undefined || day.months !== undefined || day.days !== undefined, { message: 'give years, months or days (e.g. { years: -16 }, or { days: 0 } for today)' });
export type RelativeDay = z.infer<typeof relativeDaySchema>;

/** date: the earliest and latest day accepted, relative to today (e.g. a birth date 100 to 16 years ago). */
export const dateRangeSchema = z.strictObject({ earliest: relativeDaySchema, latest: relativeDaySchema });

/** text: the longest answer, and a pattern it must match with the message shown when it does not. */
export const textRulesSchema = z.strictObject({
  maxLength: z.number().int().min(1).max(500),
  pattern: z
    .string()
    .refine((source) => compilesAsRegex(source), { message: 'not a valid regular expression (JavaScript syntax, "u" flag)' })
    .optional(),
  /** Translation key of the message shown when the answer does not match `pattern`. */
  patternMessage: translationKey.optional(),
});

function compilesAsRegex(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

/**
 * What a condition compares: an earlier step's answer (its option value, or its number in the stored
 * unit: cm, kg, years) or a computed value named by its calculator (engine/calculators.ts). Exactly one
 * of `answer` / `computed` and exactly one test (`equals`, `oneOf`, `greaterThan`, `lessThan`,
 * `atLeast`, `atMost`); the verifier checks the names and that numbers are compared with numbers.
 */
const comparisonTests = {
  equals: z.union([optionValue, z.number()]).optional(),
  oneOf: z.array(optionValue).min(1).optional(),
  greaterThan: z.number().optional(),
  lessThan: z.number().optional(),
  atLeast: z.number().optional(),
  atMost: z.number().optional(),
  /** A multi-select answer contains this option value. */
  includes: optionValue.optional(),
};
export const comparisonTestNames = ['equals', 'oneOf', 'greaterThan', 'lessThan', 'atLeast', 'atMost', 'includes'] as const;
export type ComparisonTestName = (typeof comparisonTestNames)[number];
export const answerComparisonSchema = z.strictObject({ answer: identifier, ...comparisonTests });
export const computedComparisonSchema = z.strictObject({ computed: identifier, ...comparisonTests });

/**
 * A condition on earlier answers, as plain YAML data (never code): a comparison, or `all` / `any` of a
 * list of conditions, or `not` one. Compiled into the funnel machine's named guards.
 */
export const conditionSchema = z.union([
  answerComparisonSchema,
  computedComparisonSchema,
  z.strictObject({
    get all(): z.ZodArray<typeof conditionSchema> {
      return z.array(conditionSchema).min(1);
    },
  }),
  z.strictObject({
    get any(): z.ZodArray<typeof conditionSchema> {
      return z.array(conditionSchema).min(1);
    },
  }),
  z.strictObject({
    get not(): typeof conditionSchema {
      return conditionSchema;
    },
  }),
]);
export type Condition = z.infer<typeof conditionSchema>;

/** A branch out of a step: go to `to` when `when` holds (the first route that holds wins). */
export const routeSchema = z.strictObject({ to: identifier, when: conditionSchema.optional() });
export type RouteDefinition = z.infer<typeof routeSchema>;

/**
 * One step. Translation keys default to conventions (see compiler) so the YAML stays short:
 * heading `onboarding:steps.<id>.heading`, info `onboarding:steps.<id>.info`, options
 * `onboarding:options.<set>.<value>`. Set them here only to override.
 */
export const stepSchema = z.strictObject({
  screen: z.enum(screenKinds),
  /** Name of an option set in `optionSets` (singleChoice and multiSelect steps). */
  options: identifier.optional(),
  storage: storageSchema.default({ mode: 'none' }),
  heading: translationKey.optional(),
  subheading: translationKey.optional(),
  /** Show the info text `onboarding:steps.<id>.info` (or this key). */
  info: z.union([z.boolean(), translationKey]).optional(),
  links: z.array(linkSchema).optional(),
  background: backgroundSchema.optional(),
  /** number: the name of the unit system (flow-level `unitSystems`) the step asks in. */
  unitSystem: identifier.optional(),
  /** singleChoice: options as a list (default) or as two-column tiles with a big icon (e.g. gender). */
  optionLayout: z.enum(['list', 'tiles']).optional(),
  /** info: the illustration or chart that makes the step's claim. */
  visual: visualSchema.optional(),
  /** multiSelect: how many options may be picked. */
  selections: selectionsSchema.optional(),
  /** multiSelect: the option that stands alone ("none of these"): picking it clears the others and vice versa. */
  exclusive: optionValue.optional(),
  /** slider: the scale and its end labels. */
  scale: scaleSchema.optional(),
  /** date: the days accepted, relative to the visitor's today. */
  dateRange: dateRangeSchema.optional(),
  /** text: length and pattern of the answer. */
  textRules: textRulesSchema.optional(),
  /** Show the consent sentence with the Terms of Use and Privacy Policy links under the step. */
  legalNotice: z.boolean().optional(),
  /** readyToStart */
  confetti: z.strictObject({ pieces: z.number().int().positive(), durationMs: z.number().int().positive() }).optional(),
  autoAdvanceMs: z.number().int().positive().optional(),
  /**
   * info: values the texts can show, by name: `{{bmi, number}}`, `{{goalDate, datetime}}` in the info
   * text. Each is an earlier step's answer (its option value, or its number in the stored unit) or a
   * calculator's result.
   */
  values: z.record(identifier, z.union([z.strictObject({ answer: identifier }), z.strictObject({ computed: identifier })])).optional(),
  /** Show the step only when this holds (evaluated on the answers given before it); otherwise skip it. */
  when: conditionSchema.optional(),
  /**
   * Where to go after this step, by answer: the first route whose `when` holds (a route without `when`
   * always does); when none holds, the next step of the order. Only forward in the order: no cycles.
   */
  next: z.array(routeSchema).min(1).optional(),
});

export const optionSchema = z.strictObject({
  value: optionValue,
  /** Defaults to `onboarding:options.<set>.<value>`. */
  label: translationKey.optional(),
  description: translationKey.optional(),
  /**
   * Icon shown before the label (decoration: the label stays the accessible name): one for everyone, or
   * one per stored gender answer (`{ female, male }`, female when unknown), like a step's background.
   */
  icon: z.union([iconName, z.strictObject({ female: iconName, male: iconName })]).optional(),
});

/**
 * A step as written in a flow file: every field optional, because a child flow overrides only what it
 * changes. No defaults here (`storage` gets its default after `extends` is resolved); a default would
 * silently replace the parent's value on every step the child touches.
 */
export const stepOverrideSchema = stepSchema.extend({ storage: storageSchema.optional() }).partial();

/**
 * A local-storage key a flow writes (`storageKeys:` in the flow file; a child flow adds to its parent's):
 * its form, and the `profiles` column it fills at sign-up (engine/profile-from-answers.ts), if any.
 */
export const storageKeySchema = z.strictObject({
  form: z.enum(storedForms),
  profile: z.enum(profileColumns).optional(),
});
export type StorageKeyDefinition = z.infer<typeof storageKeySchema>;

/** The namespace of a flow's conventional texts unless it names its own (`texts:`). */
export const DEFAULT_TEXTS_NAMESPACE = 'onboarding';

/** Spec: the root layout shows a spinner for 1 s before the first step. */
export const DEFAULT_ROOT_SPINNER_MS = 1000;
const rootSpinnerMs = z.number().int().min(0).max(10_000);

/** A flow file as written. `extends` pulls in another flow's optionSets and steps (deep-merged). */
export const flowFileSchema = z.strictObject({
  version: z.literal(FLOW_FILE_VERSION),
  id: identifier,
  extends: identifier.optional(),
  /** Route prefix of the flow, e.g. /onboarding or /onboarding/v1. */
  basePath: appPath.optional(),
  /** Where the funnel goes after the last step. */
  exit: appPath.optional(),
  /** Which of `orders` is live. Switching the spec's two readings is this one line. */
  order: identifier.optional(),
  orders: z.record(identifier, z.array(identifier).min(1)).optional(),
  /**
   * The translation namespace of the texts found by convention (headings, info texts, option labels):
   * `public/locales/<lng>/<texts>.json`. Default `onboarding`; a funnel of its own keeps its texts apart.
   */
  texts: identifier.optional(),
  /**
   * How long the root spinner shows before the first step (ms after navigation start; spec: 1000).
   * 0 shows the first step at once. Written into the HTML at build time: it runs without JavaScript.
   */
  rootSpinnerMs: rootSpinnerMs.optional(),
  optionSets: z.record(identifier, z.array(optionSchema).min(1)).optional(),
  /** The local-storage keys steps may write (`storage: { mode: value, key }`), and their form. */
  storageKeys: z.record(identifier, storageKeySchema).optional(),
  /** The unit systems number steps ask in, by name (see `unitSystemSchema`). */
  unitSystems: z.record(identifier, unitSystemSchema).optional(),
  /**
   * Region subtags of the browser language whose visitors start number steps in imperial units (spec:
   * "US" as in en-US). Default [US].
   */
  imperialRegions: z.array(z.string().regex(/^([A-Z]{2}|\d{3})$/, 'must be a region code like "US"')).optional(),
  steps: z.record(identifier, stepOverrideSchema).optional(),
});
export type FlowFile = z.infer<typeof flowFileSchema>;
export type StepDefinition = z.infer<typeof stepSchema>;
export type StorageDefinition = z.infer<typeof storageSchema>;
export type OptionDefinition = z.infer<typeof optionSchema>;

/** A flow after `extends` is resolved: everything the engine needs is present. */
export const resolvedFlowSchema = z.strictObject({
  version: z.literal(FLOW_FILE_VERSION),
  id: identifier,
  basePath: appPath,
  exit: appPath,
  order: identifier,
  orders: z.record(identifier, z.array(identifier).min(1)),
  texts: identifier.default(DEFAULT_TEXTS_NAMESPACE),
  rootSpinnerMs: rootSpinnerMs.default(DEFAULT_ROOT_SPINNER_MS),
  optionSets: z.record(identifier, z.array(optionSchema).min(1)),
  storageKeys: z.record(identifier, storageKeySchema).default({}),
  unitSystems: z.record(identifier, unitSystemSchema).default({}),
  imperialRegions: z.array(z.string()).default([...DEFAULT_IMPERIAL_REGIONS]),
  steps: z.record(identifier, stepSchema),
});
export type ResolvedFlow = z.infer<typeof resolvedFlowSchema>;

/** flows/variants.yaml: the flag that picks a flow, and how its variants map to flows. */
export const variantsFileSchema = z.strictObject({
  version: z.literal(FLOW_FILE_VERSION),
  flag: z.string().min(1),
  /** The variant served when the flag cannot be resolved. */
  defaultVariant: z.string().min(1),
  /** Flag variant -> flow id. */
  variants: z.record(z.string().min(1), identifier),
  /** Local provider only: relative weights of each variant for sticky per-visitor assignment. */
  allocation: z.record(z.string().min(1), z.number().nonnegative()),
});
export type VariantsFile = z.infer<typeof variantsFileSchema>;
