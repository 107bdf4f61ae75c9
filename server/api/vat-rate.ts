import salesTax from 'sales-tax';

/**
 * The standard VAT (or GST) rate a consumer in this country pays on a digital subscription, as a
 * fraction (0.25 for Sweden's 25 %); 0 for a country without one (e.g. the United States, whose sales
 * taxes are per state). From `sales-tax`'s maintained, dated rate table (worldwide, including
 * announced changes), offline: no tax number is passed, so it never calls a VAT registry.
 */
export async function vatRate(countryCode: string): Promise<number> {
  const tax = await salesTax.getSalesTax(countryCode.toUpperCase());
  return tax.rate;
}
