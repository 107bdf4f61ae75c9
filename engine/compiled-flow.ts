import type { Condition, RouteDefinition, ScreenKind, StorageKey, VisualDefinition } from './flow-schema.ts';

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
}

export interface CompiledOption {
  readonly value: string;
  readonly labelKey: string;
  readonly descriptionKey?: string;
  /** Fluent Emoji name: the images /icons/<icon>-<width>.png (engine/icon-files.ts). */
  readonly icon?: string;
  /** English label, resolved at build time: what `answerText` storage writes. */
  readonly englishLabel: string;
}

export type CompiledStorage =
  | { readonly mode: 'value'; readonly key: StorageKey; readonly map?: Readonly<Record<string, string>> }
  | { readonly mode: 'answerText'; /** English question heading, the storage key. */ readonly englishHeading: string }
  | { readonly mode: 'none' };

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
  /** info: the chart or illustration, as declared (translation keys, numbers, icon names). */
  readonly visual?: VisualDefinition;
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
  /** Flow id -> base path, so a redirect needs no flow data. */
  readonly basePaths: Readonly<Record<string, string>>;
  readonly allocation: Readonly<Record<string, number>>;
  /** The experiment running on this flag (experiments/<id>.yaml), named in the exposure event. */
  readonly experiment?: string;
}

/** Spec section 9: the ready-to-start celebration of a step without `confetti` (the screen applies it). */
export const DEFAULT_CONFETTI = { pieces: 800, durationMs: 3000 } as const;
