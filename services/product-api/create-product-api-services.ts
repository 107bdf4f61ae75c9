import type { SupabaseClient } from '@supabase/supabase-js';
import type { PurchaseValue } from '../../engine/purchase-value';
import { createPurchaseValue } from '../checkout/create-purchase-value';
import { supabaseExchangeRates } from '../checkout/supabase-exchange-rates';
import type { LocationService } from '../location/location-service';
import { createSessionLocationService } from '../location/session-location-service';
import type { KeyValueStorage } from '../storage/key-value-storage';
import { createProductApiClient, type NetAmountRequest } from './product-api-client';
import { productApiBaseUrl } from './product-api-settings';

/** What the checkout needs from the product API and the exchange rates. */
export interface ProductApiServices {
  readonly location: LocationService;
  readonly netAmount: (request: NetAmountRequest) => Promise<number | undefined>;
  readonly purchaseValue: (currency: string | undefined) => Promise<PurchaseValue>;
}

export interface ProductApiServicesDeps {
  /** VITE_PRODUCT_API_URL, if the build sets one. */
  readonly configuredUrl: string | undefined;
  readonly origin: string;
  readonly fetch: typeof fetch;
  readonly session: KeyValueStorage;
  readonly supabase: () => Promise<SupabaseClient>;
  readonly reportError: (error: unknown) => void;
  readonly log: (message: string, error: unknown) => void;
}

/**
 * The location (cached per session), net amounts and the purchase value: one module the composition
 * root imports on first use, so none of it weighs on the funnel's first step.
 */
export function createProductApiServices(deps: ProductApiServicesDeps): ProductApiServices {
  const client = createProductApiClient({ baseUrl: productApiBaseUrl({ VITE_PRODUCT_API_URL: deps.configuredUrl }, deps.origin), fetch: deps.fetch, reportError: deps.reportError });
  return {
    location: createSessionLocationService({ lookUp: () => client.geolocation(), session: deps.session, log: deps.log }),
    netAmount: (request) => client.netAmount(request),
    purchaseValue: createPurchaseValue(supabaseExchangeRates(deps.supabase), deps.reportError),
  };
}
