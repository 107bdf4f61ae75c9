/**
 * What the funnel records in a history entry it pushes: the path of the step shown in the entry
 * before it. The browser keeps it across reloads (history.state), so the in-app back can tell whether
 * the previous entry is the step it goes back to, and then take a real history step.
 */
export interface StepHistoryState {
  readonly funnelPreviousPath: string;
}

export function stepHistoryState(previousPath: string): StepHistoryState {
  return { funnelPreviousPath: previousPath };
}

/** The previous entry's step path when the funnel pushed this entry; undefined for deep links and others. */
export function previousStepPath(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const path: unknown = Reflect.get(state, 'funnelPreviousPath');
  return typeof path === 'string' ? path : undefined;
}
