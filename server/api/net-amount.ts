/** What is left of a payment for the business: the gross amount without VAT and the provider's fee. */
export interface NetAmountInput {
  /** What the customer paid, VAT included, in the currency's minor units (Stripe's `amount`). */
  readonly grossAmount: number;
  /** The VAT rate of the customer's country as a fraction (0.25 for 25 %). */
  readonly vatRate: number;
  /** The payment method's fee: percent of the gross amount. */
  readonly feePercent: number;
  /** The payment method's fixed fee, already in the payment's minor units. */
  readonly fixedFee: number;
}

/**
 * gross - VAT - fee, in minor units, rounded to a whole minor unit. Consumer prices include VAT, so
 * the VAT is the part above gross / (1 + rate); the provider's fee is taken on the whole gross
 * amount, as card schemes charge it. The result can be negative for tiny amounts: that is the truth
 * (the payment costs more than it brings) and is not hidden.
 */
export function netAmount({ grossAmount, vatRate, feePercent, fixedFee }: NetAmountInput): number {
  const withoutVat = grossAmount / (1 + vatRate);
  const fee = (grossAmount * feePercent) / 100 + fixedFee;
  return Math.round(withoutVat - fee);
}

/**
 * Currencies Stripe takes in whole units (its "zero-decimal currencies"): their minor unit is the
 * unit itself. Every other currency is in hundredths (HUF, ISK and TWD included: Stripe takes them
 * with two decimals), as config/stripe-catalogue.yaml writes them.
 */
const ZERO_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

/**
 * A fixed fee in euro cents as minor units of `currency`, at `eurRate` (1 EUR = eurRate units, as
 * fx_rates stores it), rounded to a whole minor unit.
 */
export function fixedFeeInCurrency(fixedEurCents: number, currency: string, eurRate: number): number {
  const perCent = ZERO_DECIMAL_CURRENCIES.has(currency) ? eurRate / 100 : eurRate;
  return Math.round(fixedEurCents * perCent);
}
