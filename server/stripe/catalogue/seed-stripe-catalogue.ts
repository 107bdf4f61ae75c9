import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/database';
import { createLocalFetch } from '../../local-fetch';
import { loadStripeCatalogue } from './stripe-catalogue';
import type { CatalogueSyncReport } from './sync-stripe-catalogue';
import { syncStripeCatalogue } from './sync-stripe-catalogue';
import { stripeClientOptions } from './stripe-client-options';

/** The currencies of the exchange-rate table: one numeric column per lowercase currency code. */
export async function fxRateCurrencies(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_schema = 'public' and table_name = 'fx_rates' and data_type = 'numeric' order by ordinal_position`,
  );
  return rows.rows.map((row) => row.column_name);
}

/**
 * Checks config/stripe-catalogue.yaml against the fx_rates currencies (start-up fails with located
 * errors) and seeds it into the emulator through the same SDK code that `npm run stripe:sync` runs
 * against Stripe, answered in-process (no socket needed yet). A catalogue already seeded (same
 * content hash) is skipped without loading the SDK, which keeps restarts fast.
 *
 * @returns the sync report, or undefined when this catalogue was seeded before
 */
export async function seedStripeCatalogue(
  db: Queryable,
  config: Pick<ServerConfig, 'stripeSecretKey'>,
  dispatch: (request: Request) => Response | Promise<Response>,
): Promise<CatalogueSyncReport | undefined> {
  const catalogue = loadStripeCatalogue(await fxRateCurrencies(db));
  const hash = createHash('sha256').update(JSON.stringify(catalogue)).digest('hex');
  const seeded = await db.query('select 1 from stripe.catalogue_seeds where hash = $1', [hash]);
  if (seeded.rows.length > 0) return undefined;
  const { default: StripeSdk } = await import('stripe');
  // Answered in-process whatever the port (even PORT=0 before listening): the origin is only a label.
  const origin = 'http://stripe-emulator.internal:80';
  const stripe: Stripe = new StripeSdk(config.stripeSecretKey, {
    ...stripeClientOptions(origin),
    httpClient: StripeSdk.createFetchHttpClient(createLocalFetch(origin, dispatch)),
    maxNetworkRetries: 0,
    telemetry: false,
  });
  const report = await syncStripeCatalogue(stripe, catalogue);
  await db.query('insert into stripe.catalogue_seeds (hash) values ($1) on conflict do nothing', [hash]);
  return report;
}
