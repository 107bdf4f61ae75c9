import type { AccountArea } from './account/account-area';
import type { AppServices } from './app-services';
import type { CheckoutArea } from './checkout/checkout-area';
import type { Consent } from './consent/consent';
import type { ConsentArea } from './consent/consent-area';
import type { FunnelArea } from './funnel/funnel-area';
import type { HelpCentreService } from './help-centre/help-centre-service';
import type { PageArea } from './page/page-area';
import { loadOnce } from './load-once';
import type { Platform } from './platform';
import type { TelemetryArea } from './telemetry/telemetry-area';

/** One factory per area: the browser's in services/composition-root.ts, fakes replace some of them elsewhere. */
export interface AreaFactories {
  readonly platform: (reportError: (error: unknown) => void) => Platform;
  readonly page: (platform: Platform) => PageArea;
  readonly consent: (platform: Platform) => ConsentArea;
  readonly telemetry: (platform: Platform, consent: Consent) => TelemetryArea;
  readonly funnel: (platform: Platform, telemetry: TelemetryArea) => FunnelArea;
  readonly account: (platform: Platform) => AccountArea;
  readonly checkout: (platform: Platform, telemetry: TelemetryArea) => Promise<CheckoutArea>;
  readonly helpCentre: (platform: Platform) => Promise<HelpCentreService>;
}

/**
 * Builds the areas in the order they depend on each other, the same for every entry: the platform,
 * consent, telemetry (behind consent), the funnel (its flag exposures are telemetry), the account; the
 * checkout and help centre areas when first asked for (once; a chunk that failed to load is tried again).
 */
export function wireAppServices(make: AreaFactories): AppServices {
  // Bound late: the platform's lazy services report through telemetry, which is built on the platform.
  const platform = make.platform((error) => telemetry.reportError(error));
  const consent = make.consent(platform);
  const telemetry = make.telemetry(platform, consent.consent);
  return {
    page: make.page(platform),
    funnel: make.funnel(platform, telemetry),
    telemetry,
    consent,
    account: make.account(platform),
    checkout: loadOnce(() => make.checkout(platform, telemetry)),
    helpCentre: loadOnce(() => make.helpCentre(platform)),
  };
}
