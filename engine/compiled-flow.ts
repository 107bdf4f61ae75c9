import type { ProfileSources } from './profile-from-answers.ts';
import type { Condition, RelativeDay, RouteDefinition, ScreenKind, VisualDefinition } from './flow-schema.ts';

/**
 * The precompiled form of a flow that the browser receives (via the Vite plugin's virtual modules).
 * Plain data only: no functions, no zod, serialisable as JSON. Produced by `compile-flow.ts`.
 */
export interface CompiledFlow {
  /** Format version of this compiled data. */
  readonly format: 1;
  readonly id: string;
  /** e.g. /onboarding or /onboarding/v1 */
  readonly basePath: string;
  /** Where the funnel goes after the last step, e.g. /sign-up/password */
  readonly exit: string;
  /** Name of the step order in use (the YAML `order`). */
  readonly order: string;
  /** The root spinner's length before the first step, ms after navigation start (0: none). */
  readonly rootSpinnerMs: number;
  /** Steps in funnel order. */
  readonly steps: readonly CompiledStep[];
  /** Region subtags of the browser language that start number steps in imperial units (e.g. US). */
  readonly imperialRegions: readonly string[];
  /** Names of the calculators the flow's conditions use (the app loads them only then). */
  readonly calculators?: readonly string[];
  /**
   * Translation namespaces the steps' texts use beyond the preloaded `common` and `onboarding` (a funnel
   * with its own file, e.g. `sleep`): the step route loads them before the step shows.
   */
  readonly namespaces?: readonly string[];
}

/** An option's icon: one for everyone, or the female and the male one (engine/icon-for-gender.ts picks). */
export type CompiledIcon = string | { readonly female: string; readonly male: string };

/** A visual as declared, except the BMI scale, which the compiler gives its bands (engine/bmi-bands.ts). */
export type CompiledVisual =
  | Exclude<VisualDefinition, { readonly kind: 'bmiScale' }>
  | {
      readonly kind: 'bmiScale';
      readonly value: string;
      readonly from: number;
      readonly to: number;
      readonly bands: readonly { readonly key: string; readonly from: number; readonly to: number }[];
    };

export interface CompiledOption {
  readonly value: string;
  readonly labelKey: string;
  readonly descriptionKey?: string;
  /** Icon name (the images /icons/<icon>-<width>.png, engine/icon-files.ts), or one per gender. */
  readonly icon?: CompiledIcon;
  /** English label, resolved at build time: what `answerText` storage writes. */
  readonly englishLabel: string;
}

export type CompiledStorage =
  | { readonly mode: 'value'; /** A key the flow declares. */ readonly key: string; readonly map?: Readonly<Record<string, string>> }
  | { readonly mode: 'answerText'; /** English question heading, the storage key. */ readonly englishHeading: string }
  | { readonly mode: 'none' };

export interface CompiledScale {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly default: number;
  readonly minLabelKey: string;
  readonly maxLabelKey: string;
}

export type CompiledBackground =
  | { readonly female: string; readonly male: string }
  | { readonly all: string };

export interface CompiledStep {
  readonly id: string;
  /** 0-based position in the flow. */
  readonly index: number;
  readonly screen: ScreenKind;
  /** Full route of the step, e.g. /onboarding/v1/height */
  readonly path: string;
  readonly headingKey: string;
  readonly subheadingKey?: string;
  readonly infoKey?: string;
  readonly options?: readonly CompiledOption[];
  readonly storage: CompiledStorage;
  readonly links?: readonly { readonly labelKey: string; readonly to: string }[];
  readonly background?: CompiledBackground;
  /** number: the unit system it asks in (flow YAML `unitSystems`), resolved. */
  readonly number?: CompiledNumber;
  readonly optionLayout?: 'list' | 'tiles';
  /** info: the chart or illustration, as declared (translation keys, numbers, icon names); a BMI scale with its bands. */
  readonly visual?: CompiledVisual;
  /** multiSelect: how many options may be picked (engine/multi-select-answer.ts). */
  readonly selections?: { readonly min: number; readonly max: number };
  /** multiSelect: the option that stands alone ("none of these"). */
  readonly exclusive?: string;
  /** slider: the scale; `default` is where the thumb starts (the middle step when the YAML names none). */
  readonly scale?: CompiledScale;
  /** date: the days accepted, relative to the visitor's today (engine/date-answer.ts). */
  readonly dateRange?: { readonly earliest: RelativeDay; readonly latest: RelativeDay };
  /** text: the longest answer, and the pattern (a regex source, checked at build) with its message key. */
  readonly textRules?: { readonly maxLength: number; readonly pattern?: string; readonly patternMessageKey?: string };
  /** The consent sentence with the legal links is shown under the step. */
  readonly legalNotice?: boolean;
  readonly confetti?: { readonly pieces: number; readonly durationMs: number };
  readonly autoAdvanceMs?: number;
  /** info: named values for the texts' interpolation (an answer or a calculator's result). */
  readonly values?: Readonly<Record<string, { readonly answer: string } | { readonly computed: string }>>;
  /** Shown only when this holds on the answers before it (engine/funnel-path.ts skips it otherwise). */
  readonly when?: Condition;
  /** Branches out of the step, first that holds wins; else the next step of the order. */
  readonly next?: readonly RouteDefinition[];
}

/** A unit a number step can be typed in (flow-schema.ts `numberUnitSchema`, defaults applied). */
export interface CompiledUnit {
  /** Its label is `common:units.<unit>`. */
  readonly unit: string;
  /** Stored units in one of this unit (1 on the metric side). */
  readonly toStored: number;
  readonly placeholder?: number;
  /** Plausible values in this unit; absent on an imperial side that uses the metric range. */
  readonly range?: { readonly min: number; readonly max: number };
  /** false: whole numbers only (a typed fraction is cut off). */
  readonly decimals: boolean;
  /** Typed as two fields: `per` `minor` units make one `major` (12 in per ft). */
  readonly composite?: { readonly major: string; readonly minor: string; readonly per: number };
}

/** A number step's unit system: the metric (stored) unit and the optional imperial one (a toggle). */
export interface CompiledNumber {
  readonly metric: CompiledUnit;
  readonly imperial?: CompiledUnit;
  /** Translation key of the out-of-range message ({{min}}, {{max}}). */
  readonly rangeMessageKey: string;
  /** Local-storage key written "true" with every answer (the spec's heightEntered). */
  readonly enteredKey?: string;
}

/** Compiled flows/variants.yaml. */
export interface CompiledVariants {
  readonly flag: string;
  readonly defaultVariant: string;
  /** Flag variant -> flow id */
  readonly variants: Readonly<Record<string, string>>;
  /**
   * Flow id -> base path of every flow served: the variants' flows and any other flow of the project
   * (reachable by its URL only), so routes and redirects need no flow data.
   */
  readonly basePaths: Readonly<Record<string, string>>;
  readonly allocation: Readonly<Record<string, number>>;
  /** The experiment running on this flag (experiments/<id>.yaml), named in the exposure event. */
  readonly experiment?: string;
}

/**
 * Compiled flows/variants.yaml with the profile mapping the variants' flows share: which stored key
 * fills each `profiles` column at sign-up (their `storageKeys`). The Vite plugin serves the mapping as
 * its own module (`virtual:flow-profile`), so the first step does not carry it.
 */
export interface CompiledVariantsWithProfile extends CompiledVariants {
  readonly profile: ProfileSources;
}

/** Spec section 9: the ready-to-start celebration of a step without `confetti` (the screen applies it). */
export const DEFAULT_CONFETTI = { pieces: 800, durationMs: 3000 } as const;
