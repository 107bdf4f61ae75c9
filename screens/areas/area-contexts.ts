import { createContext, use, type Context } from 'react';
import type { PageArea } from '../../services/page/page-area';
import type { TelemetryArea } from '../../services/telemetry/telemetry-area';
import type { ConsentArea } from '../../services/consent/consent-area';
import type { FunnelArea } from '../../services/funnel/funnel-area';
import type { AccountArea } from '../../services/account/account-area';
import type { CheckoutArea } from '../../services/checkout/checkout-area';
import type { HelpCentreService } from '../../services/help-centre/help-centre-service';

/** A React context for one area of services, and the hook that reads it (it throws outside its provider). */
type AreaContext<T> = readonly [Context<T | null>, () => T];

/**
 * One context per area (services/app-services.ts), so a component asks for the area it uses and
 * nothing else: the name it imports from here is the dependency the lint rules check (eslint.config.js,
 * "areas"). The hooks are named `use...`, so React's compiler and lint rules treat them as hooks. All
 * areas in one module: as seven modules the bundler split them into chunks of 80 bytes each, four of
 * them more requests on the first step.
 */
function areaContext<T>(name: string): AreaContext<T> {
  const Provider = createContext<T | null>(null);
  Provider.displayName = `${name} area`;
  const useArea = (): T => {
    const area = use(Provider);
    if (area === null) throw new Error(`The ${name} area is used outside its provider`);
    return area;
  };
  return [Provider, useArea];
}

/** The page: translations and scheduling. */
export const [PageAreaContext, usePageArea] = areaContext<PageArea>('page');

/** Errors, analytics and conversions. */
export const [TelemetryAreaContext, useTelemetryArea] = areaContext<TelemetryArea>('telemetry');

/** The consent notice and the legal links. */
export const [ConsentAreaContext, useConsentArea] = areaContext<ConsentArea>('consent');

/** The visitor and their answers. */
export const [FunnelAreaContext, useFunnelArea] = areaContext<FunnelArea>('funnel');

/** The visitor's account. */
export const [AccountAreaContext, useAccountArea] = areaContext<AccountArea>('account');

/** The checkout pages' services (provided by the /checkout routes, screens/checkout/checkout-routes.ts). */
export const [CheckoutAreaContext, useCheckoutArea] = areaContext<CheckoutArea>('checkout');

/** The help centre's services (provided by the /help-center routes, screens/help-centre/help-centre-routes.ts). */
export const [HelpCentreAreaContext, useHelpCentreArea] = areaContext<HelpCentreService>('help-centre');
