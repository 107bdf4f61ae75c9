/**
 * Stripe's zero-decimal currencies (https://docs.stripe.com/currencies#zero-decimal): amounts are whole
 * units. Every other currency, HUF, ISK and TWD included, is sent in hundredths.
 */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

/** A Stripe amount (minor units) in the currency's major units, as Meta's `value` takes it. */
export function majorUnits(amount: number, currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? amount : amount / 100;
}
