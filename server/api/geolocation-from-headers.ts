import { currencyForCountry } from './currency-for-country';

/** What `GET /api/v1/geolocation` answers (spec: the cached city, countrycode, currency, zipcode). */
export interface Geolocation {
  readonly city: string | null;
  /** ISO 3166-1 alpha-2, upper case (as the CDNs send it); null when unknown. */
  readonly countrycode: string | null;
  /** ISO 4217, lower case; eur when the country is unknown. */
  readonly currency: string;
  readonly zipcode: string | null;
}

/** Where the location comes from when no CDN header names a country (server/config.ts). */
export interface DefaultLocation {
  readonly countryCode: string | null;
  readonly city: string | null;
  readonly zipCode: string | null;
}

/** The spec's default currency. */
export const DEFAULT_CURRENCY = 'eur';

interface CdnHeaders {
  readonly country: string;
  readonly city: string;
  readonly postalCode: string;
  /** Vercel percent-encodes the city (its `geolocation()` helper decodes it the same way). */
  readonly cityIsUriEncoded: boolean;
}

/**
 * The headers each CDN sets on requests it forwards, in the order they are trusted when several are
 * present. Cloudflare: `CF-IPCountry` (IP Geolocation) plus the "Add visitor location headers" managed
 * transform; CloudFront: the viewer-location headers of an origin request policy; Vercel: its proxy's
 * `x-vercel-ip-*` headers.
 */
export const CDN_HEADERS: readonly CdnHeaders[] = [
  { country: 'cf-ipcountry', city: 'cf-ipcity', postalCode: 'cf-postal-code', cityIsUriEncoded: false },
  { country: 'cloudfront-viewer-country', city: 'cloudfront-viewer-city', postalCode: 'cloudfront-viewer-postal-code', cityIsUriEncoded: false },
  { country: 'x-vercel-ip-country', city: 'x-vercel-ip-city', postalCode: 'x-vercel-ip-postal-code', cityIsUriEncoded: true },
];

/**
 * The visitor's location from the first CDN whose country header names a real country (Cloudflare's
 * `XX` for "unknown" and `T1` for Tor, or anything else that is no ISO country, do not count), with
 * the city and postal code of that same CDN. Without one: the configured default. The currency is the
 * country's, lowercased; eur when no country is known.
 *
 * The stack trusts these headers because the CDN in front of it sets them (and overwrites what a
 * visitor sends); nothing here is a security decision, only prices and tracking.
 */
export function geolocationFromHeaders(header: (name: string) => string | undefined, fallback: DefaultLocation): Geolocation {
  for (const cdn of CDN_HEADERS) {
    const country = header(cdn.country)?.trim().toUpperCase();
    if (country === undefined) continue;
    const currency = currencyForCountry(country);
    if (currency === undefined) continue;
    const city = text(header(cdn.city));
    return {
      city: city !== null && cdn.cityIsUriEncoded ? decodeOrKeep(city) : city,
      countrycode: country,
      currency,
      zipcode: text(header(cdn.postalCode)),
    };
  }
  const country = fallback.countryCode?.toUpperCase() ?? null;
  const currency = country === null ? undefined : currencyForCountry(country);
  return {
    city: fallback.city,
    countrycode: currency === undefined ? null : country,
    currency: currency ?? DEFAULT_CURRENCY,
    zipcode: fallback.zipCode,
  };
}

function text(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? null : trimmed;
}

function decodeOrKeep(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // A malformed escape: the raw text is still better than nothing.
    return value;
  }
}
