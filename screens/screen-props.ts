import type { ComponentType } from 'react';
import type { CompiledStep } from '../engine/compiled-flow';
import type { FunnelAnswer, UnitSystem } from '../engine/funnel-answer';
import type { TextValue } from '../engine/funnel-path';

/**
 * What every screen component receives. Screens display the step and send answers; whether an answer is
 * acceptable is the machine's decision (`canSubmit` asks it), never re-implemented in a screen.
 */
export interface ScreenProps {
  readonly step: CompiledStep;
  /** id of the step heading (rendered by the step layout), for aria-labelledby. */
  readonly headingId: string;
  /** The answer given on an earlier visit of this step, to show it again. */
  readonly previousAnswer: FunnelAnswer | undefined;
  /** Whether the machine would accept this answer now. */
  readonly canSubmit: (answer: FunnelAnswer) => boolean;
  readonly onAnswer: (answer: FunnelAnswer) => void;
  /** The hidden "continue" answer of company, info and readyToStart steps. */
  readonly onContinue: () => void;
  /** Where the funnel goes after this step, for real links (readyToStart's "Let's go"). */
  readonly nextHref: string;
  /** Unit system a measurement screen starts with (earlier choice, else browser language). */
  readonly initialUnit: UnitSystem;
  /** The visitor prefers reduced motion: skip decorative animation, keep the behaviour. */
  readonly reducedMotion: boolean;
  /** The visitor's calendar day (YYYY-MM-DD): date steps show their range from it. */
  readonly today?: string;
  /** The stored gender answer: options with an icon per gender show that one. */
  readonly gender?: string | null;
  /** info: the values its texts interpolate (YAML `values:`, computed by engine/funnel-path.ts `textValues`). */
  readonly textValues?: Readonly<Record<string, TextValue>>;
}

/** What the screen registry holds for each screen kind. */
export interface ScreenEntry {
  readonly Component: ComponentType<ScreenProps>;
  /** Starts loading the screen's chunk (called for the next step while the visitor reads this one). */
  readonly preload: () => void;
  /**
   * False for a screen that reads state beyond its props when it mounts (the sign-up steps take the
   * stored e-mail then): its page is not made ahead of its step (screens/funnel/funnel-step-route.tsx),
   * as the state may still change before the step opens. Every other screen renders from its props.
   */
  readonly renderAhead?: false;
}
