import { purchaseValue, type PurchaseValue } from '../../engine/purchase-value';
import type { ExchangeRates } from './exchange-rates';

/**
 * The purchase value for tracking in the purchase's currency: 64.98 x the latest rate
 * (engine/purchase-value.ts). A failed fx lookup is reported (spec section 8) and the value falls
 * back to 64.98 eur: tracking goes on.
 */
export function createPurchaseValue(exchangeRates: ExchangeRates, reportError: (error: unknown) => void): (currency: string | undefined) => Promise<PurchaseValue> {
  return async (currency) => {
    try {
      return purchaseValue(currency, await exchangeRates.latest());
    } catch (cause) {
      reportError(new Error(`Exchange rate lookup failed for currency ${currency ?? '(none)'}`, { cause }));
      return purchaseValue(currency, undefined);
    }
  };
}
