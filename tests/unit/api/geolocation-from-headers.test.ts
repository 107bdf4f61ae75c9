import { describe, expect, it } from 'vitest';
import { currencyForCountry } from '../../../server/api/currency-for-country';
import { geolocationFromHeaders } from '../../../server/api/geolocation-from-headers';
import type { DefaultLocation } from '../../../server/api/geolocation-from-headers';

const noDefault: DefaultLocation = { countryCode: null, city: null, zipCode: null };
const germany: DefaultLocation = { countryCode: 'DE', city: null, zipCode: null };

/** Header lookup as Hono does it: case-insensitive. */
function headers(values: Record<string, string>): (name: string) => string | undefined {
  const lower = new Map(Object.entries(values).map(([name, value]) => [name.toLowerCase(), value]));
  return (name) => lower.get(name.toLowerCase());
}

describe('geolocation from CDN headers', () => {
  it("reads Cloudflare's country, city and postal code; the currency is the country's, lowercased", () => {
    expect(geolocationFromHeaders(headers({ 'CF-IPCountry': 'SE', 'CF-IPCity': 'Stockholm', 'CF-Postal-Code': '111 20' }), germany)).toEqual({
      city: 'Stockholm',
      countrycode: 'SE',
      currency: 'sek',
      zipcode: '111 20',
    });
  });

  it("reads CloudFront's viewer headers", () => {
    expect(
      geolocationFromHeaders(headers({ 'CloudFront-Viewer-Country': 'GB', 'CloudFront-Viewer-City': 'London', 'CloudFront-Viewer-Postal-Code': 'EC1A' }), germany),
    ).toEqual({ city: 'London', countrycode: 'GB', currency: 'gbp', zipcode: 'EC1A' });
  });

  it("reads Vercel's headers and decodes its percent-encoded city", () => {
    expect(
      geolocationFromHeaders(headers({ 'X-Vercel-IP-Country': 'jp', 'X-Vercel-IP-City': encodeURIComponent('Tōkyō'), 'X-Vercel-IP-Postal-Code': '100-0001' }), germany),
    ).toEqual({ city: 'Tōkyō', countrycode: 'JP', currency: 'jpy', zipcode: '100-0001' });
  });

  it('takes city and postal code from the CDN whose country it took, not from another', () => {
    const mixed = headers({ 'CF-IPCountry': 'XX', 'CF-IPCity': 'Nowhere', 'CloudFront-Viewer-Country': 'CH', 'CloudFront-Viewer-City': 'Zürich' });
    expect(geolocationFromHeaders(mixed, germany)).toEqual({ city: 'Zürich', countrycode: 'CH', currency: 'chf', zipcode: null });
  });

  it('prefers Cloudflare when several CDNs speak', () => {
    expect(geolocationFromHeaders(headers({ 'CF-IPCountry': 'NO', 'X-Vercel-IP-Country': 'DK' }), germany).countrycode).toBe('NO');
  });

  it('a country with the euro gives eur; missing city and postal code are null', () => {
    expect(geolocationFromHeaders(headers({ 'CF-IPCountry': 'FR' }), noDefault)).toEqual({ city: null, countrycode: 'FR', currency: 'eur', zipcode: null });
  });

  it('without any header: the configured default location', () => {
    expect(geolocationFromHeaders(headers({}), { countryCode: 'US', city: 'Austin', zipCode: '73301' })).toEqual({
      city: 'Austin',
      countrycode: 'US',
      currency: 'usd',
      zipcode: '73301',
    });
    expect(geolocationFromHeaders(headers({}), germany)).toEqual({ city: null, countrycode: 'DE', currency: 'eur', zipcode: null });
  });

  it("unknown countries (Cloudflare's XX and T1, made-up codes, blanks) count as no header", () => {
    for (const country of ['XX', 'T1', 'ZZ', '', '  ', 'SWE']) {
      expect(geolocationFromHeaders(headers({ 'CF-IPCountry': country, 'CF-IPCity': 'Somewhere' }), germany)).toEqual({
        city: null,
        countrycode: 'DE',
        currency: 'eur',
        zipcode: null,
      });
    }
  });

  it('no header and no default country: no country, currency eur (the spec default)', () => {
    expect(geolocationFromHeaders(headers({}), noDefault)).toEqual({ city: null, countrycode: null, currency: 'eur', zipcode: null });
  });
});

describe('currency for a country', () => {
  it('maps ISO countries to their lowercase currency in any case, and nothing for unknown codes', () => {
    expect(currencyForCountry('se')).toBe('sek');
    expect(currencyForCountry('US')).toBe('usd');
    expect(currencyForCountry('AT')).toBe('eur');
    expect(currencyForCountry('XX')).toBeUndefined();
    expect(currencyForCountry('hasOwnProperty')).toBeUndefined();
  });
});
