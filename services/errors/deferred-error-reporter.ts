import type { ErrorReporter } from './error-reporter';

const MAX_QUEUED = 100;

/**
 * Error reporting whose SDK loads at the first error (decision 0255): errors reported while it loads
 * are queued, not lost; also every error is logged to the console, as the spec says. `onLive` runs
 * once the SDK took over (the caller removes its early global handlers there).
 */
export function createDeferredErrorReporter(
  load: () => Promise<ErrorReporter>,
  log: (message: string, error: unknown) => void,
  onLive: () => void = () => {},
): ErrorReporter {
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
  };
}
