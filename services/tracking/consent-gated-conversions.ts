import type { Consent } from '../consent/consent';
import { decidedConsent } from '../consent/decided-consent';
import { followConsent } from '../consent/follow-consent';
import type { ConversionTracking } from './conversion-tracking';

/**
 * How long a conversion waits for the consent decision before it is dropped as not consented: the
 * payment-completion step awaits the purchase, and no step may wait on tracking for more than 1 s.
 */
export const CONVERSION_CONSENT_WAIT_MS = 1000;

/**
 * The ad platform's conversions behind consent: the pixel loads (`load`, its own chunk) when consent is
 * granted, maybe later from the notice, and is revoked when it is withdrawn; a conversion without
 * consent sends nothing, neither the pixel event nor the server event. A conversion on a freshly
 * loaded page (the payment's return) may come before the decision: it waits for it, at most
 * CONVERSION_CONSENT_WAIT_MS (the location is usually cached for the session by then). A pixel chunk
 * that failed to load is reported and tried again on the next use.
 */
export function consentGatedConversions(consent: Consent, load: () => Promise<ConversionTracking>, reportError: (error: unknown) => void): ConversionTracking {
  let tracking: Promise<ConversionTracking> | undefined;
  const loadTracking = (): Promise<ConversionTracking> => {
    tracking ??= load();
    tracking.catch((error: unknown) => {
      tracking = undefined;
      reportError(error);
    });
    return tracking;
  };
  const withConsent = async (): Promise<ConversionTracking | undefined> =>
    (await decidedConsent(consent, CONVERSION_CONSENT_WAIT_MS)) === 'granted' ? loadTracking().catch(() => undefined) : undefined;
  // Withdrawn after it loaded: the pixel is revoked; never loaded: there is nothing to stop.
  const revoke = (): void => void tracking?.then((loaded) => loaded.revoke(), () => undefined);
  return {
    start: () =>
      followConsent(
        consent,
        () => void loadTracking().then((loaded) => loaded.start(), () => undefined),
        revoke,
      ),
    revoke,
    completeRegistration: async (account) => (await withConsent())?.completeRegistration(account),
    initiateCheckout: async (checkout) => (await withConsent())?.initiateCheckout(checkout),
    purchase: async (purchase) => (await withConsent())?.purchase(purchase),
  };
}
