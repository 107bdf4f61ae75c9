import type { ProductApiServices } from '../product-api/create-product-api-services';
import type { FunnelStorage } from './funnel-storage';

/** The visitor and their answers: what the questionnaire, its entry and the pages after it read. */
export interface FunnelArea {
  /** The visitor cookie value (created on the first call; the same for the rest of the page). */
  readonly visitorId: () => string;
  /** The visitor cookie value without creating it (sign-up reports a missing cookie). */
  readonly readVisitorId: () => string | undefined;
  /** Stores `fbc` when the landing URL carries `fbclid`. */
  readonly captureClickId: (url: URL) => void;
  /** Flow id for the visitor from the flag `cc-feedback-redesign`; 'default' on any error or timeout. */
  readonly resolveFunnelFlow: (visitorId: string) => Promise<string>;
  /**
   * The flag variant this visitor was shown (remembered with their visitor id when the funnel resolved
   * it), without a lookup; undefined when none is remembered (another device, storage cleared). The
   * plans page picks the variant's paywall by it (config/paywalls.yaml).
   */
  readonly funnelVariant: () => string | undefined;
  /**
   * The experiment running on the flag and the variant its resolver assigned this visitor (not a
   * fallback), remembered like `funnelVariant`; sign-up writes it into the user's metadata so the
   * report finds visitors whose exposure event was lost (docs/experiments.md, "Lost exposures").
   */
  readonly experimentAssignment: () => { readonly experiment: string; readonly variant: string } | undefined;
  readonly funnelStorage: FunnelStorage;
  /**
   * False when the browser refuses local storage (private mode, some ad apps' webviews): answers are
   * then kept in memory for the visit and the funnel says they will not survive a reload.
   */
  readonly answersSurviveReload: boolean;
  /** The browser language, for unit defaults (spec: "contains US" means imperial). */
  readonly browserLanguage: () => string;
  /**
   * The product API and the exchange rates, loaded on first use (one lazy chunk, so the funnel's
   * first step does not carry it):
   * - `location.location()`: the visitor's location (GET /api/v1/geolocation), looked up once per
   *   session and cached in session storage as city, countrycode, currency, zipcode; its `currency`
   *   prices the plans (eur when unknown);
   * - `netAmount(request)`: POST /api/v1/net_amounts, minor units; undefined on failure (reported with
   *   the four values, nothing shown);
   * - `purchaseValue(currency)`: the purchase value for tracking, 64.98 x the latest fx_rates rate
   *   (engine/purchase-value.ts), 64.98 eur without one (a failed lookup is reported).
   */
  readonly productApi: () => Promise<ProductApiServices>;
}
