/**
 * A loader that runs `load` once and hands every caller the same promise, except after a failure: a
 * chunk or script that failed to load (a flaky network) is tried again by the next caller.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (loading === undefined) {
      const started = load();
      started.catch(() => {
        if (loading === started) loading = undefined;
      });
      loading = started;
    }
    return loading;
  };
}
