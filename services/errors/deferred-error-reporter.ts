import type { ErrorReporter } from './error-reporter';

export interface DeferredErrorReporter extends ErrorReporter {
  /** Loads the SDK (once); errors reported meanwhile are sent when it is ready. */
  start(): void;
}

const MAX_QUEUED = 100;

/**
 * Error reporting whose SDK loads after the first step painted (or at the first error, which starts
 * it): errors before that are queued, not lost; also every error is logged to the console, as the spec
 * says. `onLive` runs once the SDK took over (the caller removes its early global handlers there).
 */
export function createDeferredErrorReporter(
  load: () => Promise<ErrorReporter>,
  log: (message: string, error: unknown) => void,
  onLive: () => void = () => {},
): DeferredErrorReporter {
  let queue: unknown[] | undefined = [];
  let live: ErrorReporter | undefined;
  let started = false;
  const start = (): void => {
    if (started) return;
    started = true;
    load().then(
      (reporter) => {
        live = reporter;
        for (const error of queue ?? []) reporter.report(error);
        queue = undefined;
        onLive();
      },
      (error: unknown) => {
        queue = undefined;
        log('Error reporter failed to load', error);
      },
    );
  };
  return {
    report(error) {
      log('App error', error);
      if (live) live.report(error);
      else if (queue && queue.length < MAX_QUEUED) queue.push(error);
      start();
    },
    start,
  };
}
