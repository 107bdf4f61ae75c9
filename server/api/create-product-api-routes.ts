import { Hono } from 'hono';
import { z } from 'zod';
import type { Queryable } from '../db/database';
import { isKnownCountry } from './currency-for-country';
import type { DefaultLocation } from './geolocation-from-headers';
import { geolocationFromHeaders } from './geolocation-from-headers';
import { fixedFeeInCurrency, netAmount } from './net-amount';
import type { PaymentFees } from './payment-fees';
import { vatRate } from './vat-rate';

export interface ProductApiDeps {
  readonly db: Queryable;
  /** Where a visitor is when no CDN header says (server/config.ts). */
  readonly defaultLocation: DefaultLocation;
  /** config/payment-fees.yaml. */
  readonly paymentFees: PaymentFees;
}

const netAmountRequest = z.object({
  country_code: z
    .string({ error: 'country_code is required (ISO 3166-1 alpha-2, e.g. "SE")' })
    .transform((code) => code.trim().toUpperCase())
    .refine(isKnownCountry, { error: (issue) => `country_code ${JSON.stringify(issue.input)} is not an ISO 3166-1 alpha-2 country code` }),
  currency: z
    .string({ error: 'currency is required (ISO 4217, e.g. "sek")' })
    .transform((code) => code.trim().toLowerCase())
    .refine((code) => /^[a-z]{3}$/.test(code), { error: (issue) => `currency ${JSON.stringify(issue.input)} is not an ISO 4217 currency code` }),
  gross_amount: z
    .number({ error: 'gross_amount is required: a number of the currency\'s minor units (999 for 9.99 EUR)' })
    .int({ error: 'gross_amount must be a whole number of the currency\'s minor units (999 for 9.99 EUR)' })
    .min(0, { error: 'gross_amount must be 0 or more' }),
  payment_method_type: z.string({ error: 'payment_method_type is required (e.g. "card")' }),
});

/**
 * The product API under /api/v1 (spec: "the product's API lives under a versioned base path"):
 * `GET geolocation` (the visitor's city, country, currency and postal code from the CDN's headers)
 * and `POST net_amounts` (what a payment leaves after VAT and the payment method's fee).
 */
export function createProductApiRoutes(deps: ProductApiDeps): Hono {
  const app = new Hono();

  app.get('/geolocation', (c) => {
    // Per visitor: a shared cache in front must never hand one visitor's location to another.
    c.header('Cache-Control', 'private, no-store');
    return c.json(geolocationFromHeaders((name) => c.req.header(name), deps.defaultLocation));
  });

  app.post('/net_amounts', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ code: 'bad_json', message: 'The body must be JSON: {"country_code", "currency", "gross_amount", "payment_method_type"}' }, 400);
    }
    const parsed = netAmountRequest.safeParse(body);
    if (!parsed.success) return c.json({ code: 'invalid_request', message: parsed.error.issues.map((issue) => issue.message).join('; ') }, 400);
    const { country_code: countryCode, currency, gross_amount: grossAmount, payment_method_type: methodType } = parsed.data;
    const fee = deps.paymentFees.get(methodType);
    if (fee === undefined) {
      const known = [...deps.paymentFees.keys()].join(', ');
      return c.json({ code: 'invalid_request', message: `payment_method_type ${JSON.stringify(methodType)} has no fee in config/payment-fees.yaml (known: ${known})` }, 400);
    }
    const eurRate = await latestEurRate(deps.db, currency);
    if (eurRate === undefined) {
      return c.json({ code: 'invalid_request', message: `currency "${currency}" has no rate in the latest fx_rates row, so the fixed fee cannot be converted` }, 400);
    }
    const net = netAmount({ grossAmount, vatRate: await vatRate(countryCode), feePercent: fee.percent, fixedFee: fixedFeeInCurrency(fee.fixedEurCents, currency, eurRate) });
    return c.json({ net_amount: net });
  });

  return app;
}

/** 1 EUR in `currency` from the latest fx_rates row (the spec's "latest row is used"), if it has one. */
async function latestEurRate(db: Queryable, currency: string): Promise<number | undefined> {
  const { rows } = await db.query('select * from public.fx_rates order by created_at desc limit 1');
  const value = rows[0]?.[currency];
  // numeric columns arrive as strings from node-postgres and as numbers from PGlite.
  const rate = typeof value === 'string' ? Number(value) : value;
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : undefined;
}
