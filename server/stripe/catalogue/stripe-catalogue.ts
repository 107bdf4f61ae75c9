import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { z } from 'zod';
import { FlowError } from '../../../engine/flow-error';
import type { FlowDiagnostic } from '../../../engine/flow-error';
import { loadYamlFile } from '../../../engine/load-yaml-file';
import { didYouMean } from '../../../engine/suggest-name';
import { repoRoot as findRepoRoot } from '../../repo-root';

// Found, not counted: this module also runs bundled in dist-server/server/main.mjs (npm start).
const repoRoot = findRepoRoot(import.meta.url);

/** The catalogue file the stack seeds and `npm run stripe:sync` pushes. */
export const CATALOGUE_FILE = resolve(repoRoot, 'config/stripe-catalogue.yaml');

/** The lookup keys of the spec's paywall (section 3): every catalogue has them; more are a price experiment's. */
export const LOOKUP_KEYS = ['w-full', 'w-intro', 'y-full', 'y-intro'] as const;

/** `w-intro`, `y2-full`: the webhook pairs `<x>-intro` with `<x>-full` (config/paywalls.yaml checks the pairs). */
const lookupKey = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase letters, digits and "-" (e.g. y2-intro)');

const currencyCode = z.string().regex(/^[a-z]{3}$/, 'must be a lowercase ISO currency code');
const minorUnits = z.number().int('must be a whole number of minor units').positive('must be more than 0');

const priceSchema = z
  .object({
    nickname: z.string().min(1),
    interval: z.enum(['day', 'week', 'month', 'year']),
    interval_count: z.number().int().positive(),
    amounts: z.record(currencyCode, minorUnits),
  })
  .strict();

/**
 * A coupon the checkout may redeem (`couponId` of create-stripe-subscription), only with the prices it
 * names. Stripe coupons cannot change their terms: a new offer needs a new id.
 */
const couponSchema = z
  .object({
    name: z.string().min(1),
    percent_off: z.number().positive().max(100),
    duration: z.enum(['once', 'repeating', 'forever']),
    duration_in_months: z.number().int().positive().optional(),
    prices: z.array(lookupKey).min(1, 'name at least one price the coupon is for'),
  })
  .strict()
  .refine((coupon) => (coupon.duration === 'repeating') === (coupon.duration_in_months !== undefined), {
    message: 'duration_in_months is required for a repeating coupon, and only for it',
  });

const catalogueSchema = z
  .object({
    version: z.literal(1),
    product: z
      .object({
        id: z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, "_" and "-" only'),
        name: z.string().min(1),
        description: z.string().min(1),
      })
      .strict(),
    currency: currencyCode,
    // The spec's four, and any other pair a price experiment adds (its keys checked below).
    prices: z.object({ 'w-full': priceSchema, 'w-intro': priceSchema, 'y-full': priceSchema, 'y-intro': priceSchema }).catchall(priceSchema),
    coupons: z.record(z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, "_" and "-" only'), couponSchema).default({}),
  })
  .strict();

export type StripeCatalogue = z.infer<typeof catalogueSchema>;
export type CataloguePrice = z.infer<typeof priceSchema>;
export type CatalogueCoupon = z.infer<typeof couponSchema>;

/**
 * Reads and checks the catalogue: schema errors and currencies missing from (or unknown to) the
 * exchange-rate table come back located at `file:line:col`, and the whole list is thrown as a
 * FlowError so start-up fails with every problem at once.
 *
 * @param currencies the currencies of the fx_rates table; every price must have an amount for each
 */
export function loadStripeCatalogue(currencies: readonly string[], file = CATALOGUE_FILE, text = readFileSync(file, 'utf8')): StripeCatalogue {
  const shown = relative(repoRoot, file) || file;
  const loaded = loadYamlFile(shown, text, { schema: catalogueSchema, currentVersion: 1, migrations: [] });
  if (!loaded.ok) throw new FlowError(loaded.diagnostics);
  const { data, source } = loaded.value;
  const diagnostics: FlowDiagnostic[] = [];
  if (!currencies.includes(data.currency)) {
    diagnostics.push(source.diagnosticAt(['currency'], `"${data.currency}" is not a currency of the fx_rates table`));
  }
  const keys = Object.keys(data.prices);
  for (const key of keys) {
    const checked = lookupKey.safeParse(key);
    if (!checked.success) diagnostics.push(source.diagnosticAtKey(['prices', key], checked.error.issues.map((issue) => issue.message).join('; ')));
  }
  for (const [id, coupon] of Object.entries(data.coupons)) {
    coupon.prices.forEach((key, index) => {
      if (data.prices[key] === undefined) diagnostics.push(source.diagnosticAt(['coupons', id, 'prices', index], `unknown price "${key}"${didYouMean(key, keys)}`));
    });
  }
  for (const [key, { amounts }] of Object.entries(data.prices)) {
    const missing = currencies.filter((currency) => amounts[currency] === undefined);
    if (missing.length > 0) {
      diagnostics.push(source.diagnosticAt(['prices', key, 'amounts'], `missing amounts for ${missing.join(', ')} (every fx_rates currency needs one)`));
    }
    for (const currency of Object.keys(amounts)) {
      if (!currencies.includes(currency)) {
        diagnostics.push(source.diagnosticAtKey(['prices', key, 'amounts', currency], `"${currency}" is not a currency of the fx_rates table`));
      }
    }
  }
  if (diagnostics.length > 0) throw new FlowError(diagnostics);
  return data;
}
