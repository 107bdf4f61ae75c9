import Stripe from 'stripe';
import { FlowError } from '../engine/flow-error';
import { loadStripeCatalogue } from '../server/stripe/catalogue/stripe-catalogue';
import { stripeClientOptions } from '../server/stripe/catalogue/stripe-client-options';
import { syncStripeCatalogue } from '../server/stripe/catalogue/sync-stripe-catalogue';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { CATALOGUE_FILE } from '../server/stripe/catalogue/stripe-catalogue';

/**
 * `npm run stripe:sync`: pushes config/stripe-catalogue.yaml to the Stripe account of
 * STRIPE_SECRET_KEY (or, with STRIPE_API_URL=http://localhost:3000, to the local emulator).
 * Idempotent: products by id, prices by lookup key; changed prices are replaced and archived.
 */
const secretKey = process.env.STRIPE_SECRET_KEY;
if (secretKey === undefined || secretKey === '') {
  console.error('stripe:sync needs STRIPE_SECRET_KEY (the account to push the catalogue to).');
  process.exit(1);
}
const apiUrl = process.env.STRIPE_API_URL;
try {
  // Without the database, the currencies the file must cover are the ones its first price lists; the
  // stack checks them against fx_rates at start-up.
  const raw: unknown = parse(readFileSync(CATALOGUE_FILE, 'utf8'));
  const currencies = currenciesOf(raw);
  const catalogue = loadStripeCatalogue(currencies);
  const stripe = new Stripe(secretKey, { ...stripeClientOptions(apiUrl), maxNetworkRetries: 2 });
  const report = await syncStripeCatalogue(stripe, catalogue);
  console.log(`Stripe catalogue synced to ${apiUrl ?? 'api.stripe.com'}`);
  console.log(`  product ${catalogue.product.id}: ${report.product}`);
  for (const [key, price] of Object.entries(report.prices)) console.log(`  price ${key}: ${price.id}${price.created ? ' (created)' : ' (unchanged)'}`);
  for (const id of report.archived) console.log(`  archived ${id}`);
  for (const [id, result] of Object.entries(report.coupons)) console.log(`  coupon ${id}: ${result}`);
} catch (error) {
  console.error(error instanceof FlowError ? `config/stripe-catalogue.yaml is invalid:\n${error.message}` : error);
  process.exit(1);
}

function currenciesOf(raw: unknown): string[] {
  if (typeof raw !== 'object' || raw === null || !('prices' in raw)) return [];
  const prices: unknown = raw.prices;
  if (typeof prices !== 'object' || prices === null) return [];
  const first: unknown = Object.values(prices)[0];
  if (typeof first !== 'object' || first === null || !('amounts' in first)) return [];
  const amounts: unknown = first.amounts;
  return typeof amounts === 'object' && amounts !== null ? Object.keys(amounts) : [];
}
