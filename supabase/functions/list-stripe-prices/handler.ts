import type Stripe from 'stripe';
import { z } from 'zod';
import type { FunctionHandler } from '../_shared/function-handler.ts';
import { readBody } from '../_shared/function-response.ts';
import { stripeErrorResponse } from '../_shared/stripe-error-response.ts';

const body = z.object({ productId: z.string().min(1) });

/** A price as the checkout reads it (spec: id, lookup_key, currency, unit_amount_decimal, currency_options). */
export interface ListedPrice {
  readonly id: string;
  readonly product: string;
  readonly lookup_key: string | null;
  readonly currency: string;
  readonly unit_amount: number | null;
  readonly unit_amount_decimal: string | null;
  readonly recurring: { readonly interval: string; readonly interval_count: number } | null;
  readonly currency_options: Readonly<Record<string, { readonly unit_amount: number | null; readonly unit_amount_decimal: string | null }>>;
}

function listedPrice(price: Stripe.Price): ListedPrice {
  return {
    id: price.id,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    lookup_key: price.lookup_key,
    currency: price.currency,
    unit_amount: price.unit_amount,
    // The SDK turns decimal strings into its Decimal; the wire keeps Stripe's string form.
    unit_amount_decimal: price.unit_amount_decimal === null ? null : String(price.unit_amount_decimal),
    recurring: price.recurring === null ? null : { interval: price.recurring.interval, interval_count: price.recurring.interval_count },
    currency_options: Object.fromEntries(
      Object.entries(price.currency_options ?? {}).map(([currency, option]) => [
        currency,
        { unit_amount: option.unit_amount, unit_amount_decimal: option.unit_amount_decimal === null ? null : String(option.unit_amount_decimal) },
      ]),
    ),
  };
}

/** list-stripe-prices `{productId}` -> `{data: ListedPrice[]}`: the product's active prices with every currency's amount. */
export const handler: FunctionHandler = async (request, { stripe }) => {
  const parsed = await readBody(request, body);
  if (parsed instanceof Response) return parsed;
  try {
    const prices: ListedPrice[] = [];
    // Auto-pagination: a product has a handful of prices, but never silently drop the 101st.
    for await (const price of stripe.prices.list({ product: parsed.productId, active: true, limit: 100, expand: ['data.currency_options'] })) {
      prices.push(listedPrice(price));
    }
    return Response.json({ data: prices });
  } catch (error) {
    return stripeErrorResponse(error);
  }
};
