/** The purchase value reported to the ad platforms, in euros before conversion (spec section 9). */
export const PURCHASE_VALUE_BASE = 64.98;

/** The spec's fallback and default currency. */
export const PURCHASE_VALUE_FALLBACK_CURRENCY = 'eur';

export interface PurchaseValue {
  /** PURCHASE_VALUE_BASE x the rate, rounded to two decimals. */
  readonly value: number;
  /** The currency the value is in: the purchase's, or eur when no rate converts into it. */
  readonly currency: string;
}

/**
 * The value of a purchase for tracking: 64.98 x the latest fx_rates rate of the currency (1 EUR =
 * rate units). Without a usable rate (no row, no column for the currency, null, not a positive
 * number) the value stays 64.98 in eur, so value and currency never disagree.
 *
 * @param currency the purchase's currency, any case
 * @param rates the latest fx_rates row (columns by lowercase currency code), or undefined when the
 *   lookup failed or found no row
 */
export function purchaseValue(currency: string | undefined, rates: Readonly<Record<string, unknown>> | undefined): PurchaseValue {
  const code = currency?.trim().toLowerCase() ?? PURCHASE_VALUE_FALLBACK_CURRENCY;
  const rate = rateOf(rates, code);
  if (rate === undefined) return { value: PURCHASE_VALUE_BASE, currency: PURCHASE_VALUE_FALLBACK_CURRENCY };
  return { value: Math.round(PURCHASE_VALUE_BASE * rate * 100) / 100, currency: code };
}

function rateOf(rates: Readonly<Record<string, unknown>> | undefined, code: string): number | undefined {
  if (rates === undefined || !/^[a-z]{3}$/.test(code) || !Object.hasOwn(rates, code)) return undefined;
  const raw = rates[code];
  // PostgREST sends numeric columns as JSON numbers; a string is accepted for other clients.
  const rate = typeof raw === 'string' ? Number(raw) : raw;
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : undefined;
}
