import type { AccountArea } from './account/account-area';
import type { CheckoutArea } from './checkout/checkout-area';
import type { ConsentArea } from './consent/consent-area';
import type { FunnelArea } from './funnel/funnel-area';
import type { HelpCentreService } from './help-centre/help-centre-service';
import type { PageArea } from './page/page-area';
import type { TelemetryArea } from './telemetry/telemetry-area';

/**
 * The services by area, as the entries (the app, the build's prerender, Storybook) hold them. A screen
 * never sees this whole: route factories take the areas their routes use, components ask for one area
 * each (screens/areas/). The areas of the pages after the questionnaire load with their routes.
 */
export interface AppServices {
  readonly page: PageArea;
  readonly funnel: FunnelArea;
  readonly telemetry: TelemetryArea;
  readonly consent: ConsentArea;
  /** Sync: the funnel's entry check and its sign-up steps use it (its SDKs load on first use). */
  readonly account: AccountArea;
  /** Its wiring is a chunk loaded with the /checkout routes. */
  readonly checkout: () => Promise<CheckoutArea>;
  /** Its wiring is a chunk loaded with the /help-center routes. */
  readonly helpCentre: () => Promise<HelpCentreService>;
}
