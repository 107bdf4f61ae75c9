import type { i18n } from 'i18next';

/** The page itself: its translations and when work may run (every screen may use it). */
export interface PageArea {
  readonly createI18n: () => Promise<i18n>;
  /**
   * Runs `task` once the step on screen has been painted, on the page's first step only after the root
   * spinner has ended too: for work the visitor does not wait for (the next step's chunk and images),
   * which must not compete with what paints this one.
   */
  readonly afterStepPainted: (task: () => void) => void;
  /** Runs `task` when the main thread is idle, at the latest after `timeoutMs`: for work nobody waits for. */
  readonly whenIdle: (task: () => void, timeoutMs: number) => void;
  /** Whether the visitor asked the system for less motion (confetti is skipped, the funnel still advances). */
  readonly prefersReducedMotion: () => boolean;
}
