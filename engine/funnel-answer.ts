/**
 * What a screen submits for its step. Raw input is kept as typed (`text`), so the conversion rules of
 * `answer-storage.ts` are applied in one place and a revisited screen can show what the visitor typed.
 */
export type FunnelAnswer =
  /** singleChoice: the option value from the flow. */
  | { readonly kind: 'choice'; readonly value: string }
  /**
   * number steps with a unit toggle (height, weight) or decimals: the text as typed, and the unit system
   * it is in (a composite side's minor unit, inches, when typed in one field).
   */
  | { readonly kind: 'measurement'; readonly text: string; readonly unit: UnitSystem }
  /**
   * number steps whose imperial unit is a composite, as US visitors say a height: feet and inches (major
   * and minor units), as typed (inches may be blank: 6 ft). Stored in the metric unit like every number.
   */
  | { readonly kind: 'feetInches'; readonly feet: string; readonly inches: string }
  /** number steps with one whole-number unit and no toggle (age): the text as typed. */
  | { readonly kind: 'wholeNumber'; readonly text: string }
  /** multiSelect: the option values picked, in the order of the option set. */
  | { readonly kind: 'choices'; readonly values: readonly string[] }
  /** slider: the confirmed position on the scale. */
  | { readonly kind: 'scale'; readonly value: number }
  /** date: the day picked, YYYY-MM-DD (what `<input type=date>` gives, whatever the display locale). */
  | { readonly kind: 'date'; readonly value: string }
  /** text: the text as typed. */
  | { readonly kind: 'text'; readonly text: string }
  /** company, info and readyToStart: the hidden "continue" answer. */
  | { readonly kind: 'continue' }
  /**
   * signUpEmail: the address the sign-up machine accepted. The password step has no funnel answer: its
   * form belongs to the sign-up machine, which creates the account and leaves the funnel.
   */
  | { readonly kind: 'email'; readonly value: string };

export type UnitSystem = 'metric' | 'imperial';

/** Answers by step id. */
export type FunnelAnswers = Readonly<Record<string, FunnelAnswer>>;
