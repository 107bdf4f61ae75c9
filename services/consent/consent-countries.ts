/**
 * Where the consent notice shows (docs/decisions/0216-consent-who-is-asked.md): the countries whose law
 * requires opt-in before advertising pixels and analytics cookies (ePrivacy Directive art. 5(3) with
 * the GDPR; the UK's PECR; Switzerland's revFADP as its regulator reads it for ad tracking): the 27 EU
 * member states and their outermost regions that CDNs report under their own codes, the other EEA
 * states, the UK (with Gibraltar) and Switzerland.
 */
export const CONSENT_COUNTRIES: ReadonlySet<string> = new Set([
  // EU member states
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT',
  'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  // EU territory with its own ISO code: Aland, French Guiana, Guadeloupe, Martinique, Mayotte, Reunion, Saint-Martin
  'AX', 'GF', 'GP', 'MQ', 'YT', 'RE', 'MF',
  // EEA outside the EU
  'IS', 'LI', 'NO',
  // UK GDPR and PECR; Gibraltar's own GDPR
  'GB', 'GI',
  'CH',
]);

/**
 * Whether a visitor from `countryCode` (ISO 3166-1 alpha-2, as GET /api/v1/geolocation answers) is
 * asked before the pixel loads and analytics sets cookies. An unknown country is asked: showing the
 * notice to someone who need not see it costs a tap, not asking someone who must be asked breaks the law.
 */
export function needsConsent(countryCode: string | null): boolean {
  return countryCode === null || CONSENT_COUNTRIES.has(countryCode.trim().toUpperCase());
}
