/**
 * Wraps storage work so a refusing store (private mode in some webviews, quota, a blocked cookie
 * policy) is logged with `message` and answered with a fallback: every stored value in the app is a
 * convenience across reloads, never a reason for the page to fail.
 */
export function guardStorage(message: string, log: (message: string, error: unknown) => void) {
  return <T>(fallback: T, work: () => T): T => {
    try {
      return work();
    } catch (error) {
      log(message, error);
      return fallback;
    }
  };
}
