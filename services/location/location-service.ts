/** Where the visitor is, as `GET /api/v1/geolocation` says (spec: the cached city, countrycode, currency, zipcode). */
export interface VisitorLocation {
  readonly city: string | null;
  /** ISO 3166-1 alpha-2 (e.g. SE), or null when unknown. */
  readonly countryCode: string | null;
  /** ISO 4217, lowercase; eur when unknown (spec: "currency (lowercase, default eur)"). */
  readonly currency: string;
  readonly zipCode: string | null;
}

/** The location when the lookup fails: no place, the spec's default currency. */
export const UNKNOWN_LOCATION: VisitorLocation = { city: null, countryCode: null, currency: 'eur', zipCode: null };

/** The visitor's location for prices (currency) and tracking (city, country, zip code). */
export interface LocationService {
  /**
   * The location cached for this session, or looked up once (concurrent callers share the request).
   * Never rejects: a failed lookup gives UNKNOWN_LOCATION, is not cached, and the next call tries again.
   */
  location(): Promise<VisitorLocation>;
}
