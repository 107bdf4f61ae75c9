/** Work nobody waits for (analytics events, timestamped when recorded; the flag SDK) waits for an idle moment at most this long. */
export const IDLE_TIMEOUT_MS = 1000;

/**
 * Runs `task` once the main thread has nothing else to do (at the latest after `timeoutMs`), or as a
 * task at once where the browser has no idle callbacks (Safari). For work nobody waits for, so it never
 * lands between a tap and the frame that shows its result.
 */
export function whenIdle(task: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 0);
}
