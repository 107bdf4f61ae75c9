import countryToCurrency from 'country-to-currency';

/**
 * The default currency of a country (ISO 3166-1 alpha-2, any case), lowercased as the browser caches
 * it (spec: "currency (lowercase, default eur)"), or undefined for a code that is no country.
 *
 * The table is `country-to-currency` (generated from the ISO 4217 list and kept current by its
 * maintainer: e.g. Bulgaria moved to EUR in 2026), not a hand-typed map.
 */
export function currencyForCountry(countryCode: string): string | undefined {
  const code = countryCode.trim().toUpperCase();
  if (!isKnownCountry(code)) return undefined;
  return countryToCurrency[code].toLowerCase();
}

/** Whether the code is an ISO 3166-1 alpha-2 country the currency table knows. */
export function isKnownCountry(code: string): code is keyof typeof countryToCurrency {
  return Object.hasOwn(countryToCurrency, code);
}
