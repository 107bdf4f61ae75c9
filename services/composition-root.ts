import type { AppServices } from './app-services';
import { supabaseAccountArea } from './account/supabase-account-area';
import { browserPlatform } from './browser-platform';
import { storedConsentArea } from './consent/stored-consent-area';
import { browserFunnelArea } from './funnel/browser-funnel-area';
import { browserPageArea } from './page/browser-page-area';
import { browserTelemetryArea } from './telemetry/browser-telemetry-area';
import { wireAppServices, type AreaFactories } from './wire-app-services';

/**
 * The browser's implementation of each area. The first step's areas are in the entry chunk; the
 * checkout's and the help centre's wiring are chunks of their own, loaded with their routes.
 */
export const browserAreas: AreaFactories = {
  platform: browserPlatform,
  page: browserPageArea,
  consent: storedConsentArea,
  telemetry: browserTelemetryArea,
  funnel: (platform, telemetry) => browserFunnelArea(platform, telemetry.recordFlagExposure),
  account: supabaseAccountArea,
  checkout: async (platform, telemetry) => (await import('./checkout/browser-checkout-area')).browserCheckoutArea(platform, telemetry.conversions),
  helpCentre: async (platform) => (await import('./help-centre/supabase-help-centre')).supabaseHelpCentre(platform),
};

/** The one place that picks service implementations for the browser; `replace` swaps areas for fakes (Storybook). */
export function createAppServices(replace: Partial<AreaFactories> = {}): AppServices {
  return wireAppServices({ ...browserAreas, ...replace });
}
