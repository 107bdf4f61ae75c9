import type { KeyValueStorage } from './key-value-storage';
import { memoryStorage } from './memory-storage';

/** A storage to use for the visit, and whether what is written there outlives the page. */
export interface OpenedStorage {
  readonly storage: KeyValueStorage;
  /** False when the browser refused its storage and an in-memory stand-in serves the visit. */
  readonly persistent: boolean;
}

const PROBE_KEY = '__storage_probe__';

/**
 * The browser storage `open` returns when it works, else an in-memory stand-in. Private-mode Safari
 * and the webviews of some ad apps throw on reading `window.localStorage` (SecurityError) or on the
 * first write (QuotaExceededError with a quota of 0); the app must still run for the visit, it only
 * forgets on reload. The probe writes and removes one key, as the failure shows only on a write.
 */
export function openBrowserStorage(open: () => KeyValueStorage, log: (message: string, error: unknown) => void): OpenedStorage {
  try {
    const storage = open();
    storage.setItem(PROBE_KEY, PROBE_KEY);
    storage.removeItem(PROBE_KEY);
    return { storage, persistent: true };
  } catch (error) {
    log('Browser storage unavailable; keeping values in memory for this visit', error);
    return { storage: memoryStorage(), persistent: false };
  }
}
