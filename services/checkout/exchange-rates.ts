/** Table `fx_rates` (readable by anyone): one rate column per lowercase currency, 1 EUR = rate units. */
export interface ExchangeRates {
  /**
   * The latest row (spec: "read fx_rates ordered by created_at descending, limit 1"), or undefined
   * when the table is empty; rejects when the lookup fails.
   */
  latest(): Promise<Readonly<Record<string, unknown>> | undefined>;
}
