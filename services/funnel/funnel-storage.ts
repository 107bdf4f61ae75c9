import type { CompiledFlow, CompiledStep } from '../../engine/compiled-flow';
import type { FunnelAnswers } from '../../engine/funnel-answer';

/** The flow's answers across reloads: restored when the flow's machine starts, written on each accepted answer. */
export interface AnswerStore {
  /** The flow's answers as restored after a reload. */
  restore(flow: CompiledFlow): FunnelAnswers;
  /**
   * Writes the spec's storage keys for a submitted step and the flow's progress record, and removes
   * the keys of `cleared` steps (the answer took them off the visitor's path).
   */
  persist(flow: CompiledFlow, step: CompiledStep, answers: FunnelAnswers, cleared?: readonly CompiledStep[]): void;
}

/** Where the funnel keeps answers between steps and reloads (implementation chosen in the composition root). */
export interface FunnelStorage {
  /**
   * The answer store, loaded with the flow's machine (issue 28/31: its code is not part of the first
   * step's entry JavaScript; the step route's loader awaits it beside the flow chunk).
   */
  answers(): Promise<AnswerStore>;
  /** A value the funnel stored under a spec key (e.g. `gender`, `useMetricOrImperial`), or null. */
  read(key: string): string | null;
}
