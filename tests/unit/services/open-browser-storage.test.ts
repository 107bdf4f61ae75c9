import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../../../services/storage/key-value-storage';
import { openBrowserStorage } from '../../../services/storage/open-browser-storage';

function workingStorage(): KeyValueStorage & { readonly size: () => number } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    size: () => values.size,
  };
}

describe('openBrowserStorage', () => {
  it('uses the browser storage when it works, leaving no probe behind', () => {
    const browser = workingStorage();
    const logged: string[] = [];
    const opened = openBrowserStorage(() => browser, (message) => logged.push(message));
    expect(opened.persistent).toBe(true);
    expect(opened.storage).toBe(browser);
    expect(browser.size()).toBe(0);
    expect(logged).toEqual([]);
  });

  it('falls back to memory when reading the storage throws (private mode, ad-app webviews)', () => {
    const logged: string[] = [];
    const opened = openBrowserStorage(
      () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      (message) => logged.push(message),
    );
    expect(opened.persistent).toBe(false);
    opened.storage.setItem('gender', 'female');
    expect(opened.storage.getItem('gender')).toBe('female');
    opened.storage.removeItem('gender');
    expect(opened.storage.getItem('gender')).toBeNull();
    expect(logged).toHaveLength(1);
  });

  it('falls back to memory when the first write throws (a quota of 0)', () => {
    const refusing: KeyValueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const opened = openBrowserStorage(() => refusing, () => undefined);
    expect(opened.persistent).toBe(false);
    expect(opened.storage).not.toBe(refusing);
    opened.storage.setItem('fbc', 'fb.1.1.x');
    expect(opened.storage.getItem('fbc')).toBe('fb.1.1.x');
  });
});
