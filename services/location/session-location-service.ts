import { guardStorage } from '../storage/guard-storage';
import type { KeyValueStorage } from '../storage/key-value-storage';
import type { LocationService, VisitorLocation } from './location-service';
import { UNKNOWN_LOCATION } from './location-service';

/**
 * The session storage keys of the location (spec section 3: "session-scoped cached values: city,
 * countrycode, currency, zipcode"). `currency` is always written by a lookup, so it marks the cache.
 */
export const LOCATION_KEYS = { city: 'city', countryCode: 'countrycode', currency: 'currency', zipCode: 'zipcode' } as const;

export interface SessionLocationDeps {
  /** GET /api/v1/geolocation; rejects on a network error or an unreadable answer. */
  readonly lookUp: () => Promise<VisitorLocation>;
  readonly session: KeyValueStorage;
  readonly log: (message: string, error: unknown) => void;
}

/**
 * The location, looked up once per browser session and cached in session storage under the spec's
 * keys (so a reload or another page of the same tab reuses it). The spec shows no error handling for
 * this call: a failure is logged and answers the default (eur, no place) without caching it.
 */
export function createSessionLocationService({ lookUp, session, log }: SessionLocationDeps): LocationService {
  let pending: Promise<VisitorLocation> | undefined;
  return {
    location() {
      const cached = readCached(session, log);
      if (cached !== undefined) return Promise.resolve(cached);
      pending ??= lookUp()
        .then((location) => {
          writeCached(session, location, log);
          return location;
        })
        .catch((error: unknown) => {
          log('Geolocation lookup failed; prices fall back to eur', error);
          return UNKNOWN_LOCATION;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
  };
}

function readCached(session: KeyValueStorage, log: SessionLocationDeps['log']): VisitorLocation | undefined {
  return guardStorage('Session storage unavailable', log)(undefined, () => {
    const currency = session.getItem(LOCATION_KEYS.currency)?.trim().toLowerCase();
    if (currency === undefined || !/^[a-z]{3}$/.test(currency)) return undefined;
    return {
      city: session.getItem(LOCATION_KEYS.city),
      countryCode: session.getItem(LOCATION_KEYS.countryCode),
      currency,
      zipCode: session.getItem(LOCATION_KEYS.zipCode),
    };
  });
}

function writeCached(session: KeyValueStorage, location: VisitorLocation, log: SessionLocationDeps['log']): void {
  guardStorage('Could not cache the location for this session', log)(undefined, () => {
    for (const field of ['city', 'countryCode', 'zipCode'] as const) {
      const value = location[field];
      if (value === null) session.removeItem(LOCATION_KEYS[field]);
      else session.setItem(LOCATION_KEYS[field], value);
    }
    // Last: it marks the cache, so a write cut short is looked up again rather than read half.
    session.setItem(LOCATION_KEYS.currency, location.currency);
  });
}
