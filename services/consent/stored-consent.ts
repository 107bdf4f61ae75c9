import { guardStorage } from '../storage/guard-storage';
import type { KeyValueStorage } from '../storage/key-value-storage';
import type { Consent, ConsentChoice, ConsentState } from './consent';
import { needsConsent } from './consent-countries';

/** Local storage key of the visitor's answer (`accepted` or `rejected`). */
export const CONSENT_STORAGE_KEY = 'consent';

export interface StoredConsentDeps {
  /** Local storage: the answer is remembered across visits (in memory only where the browser refuses). */
  readonly storage: KeyValueStorage;
  /** The visitor's country (services/location; never rejects: null when unknown). */
  readonly country: () => Promise<string | null>;
  readonly log: (message: string, error: unknown) => void;
}

/**
 * Consent kept in local storage. A stored answer applies from the first moment (no lookup, no notice);
 * without one, `start` looks up the country: the notice is asked for where the law requires it
 * (consent-countries.ts), elsewhere consent counts as given. Small and synchronous on purpose: it is in
 * the entry chunk, and the notice itself is a lazy chunk.
 */
export function createStoredConsent({ storage, country, log }: StoredConsentDeps): Consent {
  const guard = guardStorage('Could not read or keep the consent answer', log);
  const stored = guard<ConsentChoice | undefined>(undefined, () => parseChoice(storage.getItem(CONSENT_STORAGE_KEY)));
  let state: ConsentState = stored === undefined ? 'undecided' : stateOf(stored);
  let started = false;
  const listeners = new Set<() => void>();
  const set = (next: ConsentState): void => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    state: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start: () => {
      if (started || state !== 'undecided') return;
      started = true;
      country().then(
        (code) => {
          // The visitor may have answered meanwhile (the notice of another tab does not reach here).
          if (state === 'undecided') set(needsConsent(code) ? 'ask' : 'granted');
        },
        (error: unknown) => {
          log('Country lookup for consent failed; asking', error);
          if (state === 'undecided') set('ask');
        },
      );
    },
    choose: (choice) => {
      guard(undefined, () => storage.setItem(CONSENT_STORAGE_KEY, choice));
      set(stateOf(choice));
    },
    reopen: () => set('ask'),
  };
}

function parseChoice(value: string | null): ConsentChoice | undefined {
  return value === 'accepted' || value === 'rejected' ? value : undefined;
}

function stateOf(choice: ConsentChoice): ConsentState {
  return choice === 'accepted' ? 'granted' : 'denied';
}
