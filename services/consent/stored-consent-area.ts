import { legalLinks } from '../legal/legal-links';
import type { Platform } from '../platform';
import type { ConsentArea } from './consent-area';
import { createStoredConsent } from './stored-consent';

/**
 * Consent remembered in local storage, else decided by the visitor's country (the product API's
 * location). At build time the lookup is never started: consent stays undecided and no notice is rendered.
 */
export function storedConsentArea(platform: Platform): ConsentArea {
  return {
    consent: createStoredConsent({
      storage: platform.local.storage,
      country: async () => (await platform.productApi()).location.location().then((location) => location.countryCode),
      log: platform.log,
    }),
    legalLinks: legalLinks(platform.env),
  };
}
