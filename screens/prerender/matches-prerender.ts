import type { createBrowserRouter } from 'react-router';
import type { StepLoaderData } from '../app-routes';

export interface PrerenderCheck {
  readonly router: ReturnType<typeof createBrowserRouter>;
  /** The path the page was loaded at (the prerendered step's). */
  readonly initialPath: string;
  readonly prerenderedLanguage: string;
  /** The language i18next resolved for this visitor. */
  readonly language: string | undefined;
  readonly answersSurviveReload: boolean;
}

/**
 * Whether the app's first render for this visitor is the markup the build prerendered (a new
 * visitor of that flow, in its language, with working storage): only then may it hydrate. A visitor
 * the flag or the deep-link rule redirected, one in another language, one who answered this step
 * before (the pick is shown pressed) or one whose browser refuses storage (a note shows) gets a fresh
 * render instead of a hydration mismatch.
 */
export function matchesPrerender({ router, initialPath, prerenderedLanguage, language, answersSurviveReload }: PrerenderCheck): boolean {
  const { state } = router;
  if (state.location.pathname !== initialPath || state.errors !== null) return false;
  if (language !== prerenderedLanguage || !answersSurviveReload) return false;
  const leaf = state.matches.at(-1);
  const data: unknown = leaf === undefined ? undefined : state.loaderData[leaf.route.id];
  if (!isStepLoaderData(data)) return false;
  return data.runtime.actor.getSnapshot().context.answers[data.stepId] === undefined;
}

function isStepLoaderData(value: unknown): value is StepLoaderData {
  return typeof value === 'object' && value !== null && 'stepId' in value && typeof value.stepId === 'string' && 'runtime' in value && typeof value.runtime === 'object';
}
