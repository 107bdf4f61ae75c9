import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { z } from 'zod';
import { FlowError } from '../../../engine/flow-error';
import type { FlowDiagnostic } from '../../../engine/flow-error';
import { loadYamlFile } from '../../../engine/load-yaml-file';
import { repoRoot as findRepoRoot } from '../../repo-root';

// Found, not counted: this module also runs bundled in dist-server/server/main.mjs (npm start).
const repoRoot = findRepoRoot(import.meta.url);

/** The catalogue file the stack seeds and `npm run stripe:sync` pushes. */
export const CATALOGUE_FILE = resolve(repoRoot, 'config/stripe-catalogue.yaml');

/** The lookup keys the checkout reads (spec section 3). */
export const LOOKUP_KEYS = ['w-full', 'w-intro', 'y-full', 'y-intro'] as const;

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
    prices: z.object({ 'w-full': priceSchema, 'w-intro': priceSchema, 'y-full': priceSchema, 'y-intro': priceSchema }).strict(),
  })
  .strict();

export type StripeCatalogue = z.infer<typeof catalogueSchema>;
export type CataloguePrice = z.infer<typeof priceSchema>;

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
  for (const key of LOOKUP_KEYS) {
    const amounts = data.prices[key].amounts;
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
