import type Stripe from 'stripe';
import { CATALOGUE_PRICES_METADATA } from '../../../supabase/functions/_shared/catalogue-prices-metadata';
import type { CatalogueCoupon, CataloguePrice, StripeCatalogue } from './stripe-catalogue';

export interface CatalogueSyncReport {
  readonly product: 'created' | 'updated' | 'unchanged';
  /** Lookup key -> price id, and whether that price was created now. */
  readonly prices: Readonly<Record<string, { readonly id: string; readonly created: boolean }>>;
  /** Prices that held a lookup key with other terms and were archived (prices are immutable). */
  readonly archived: readonly string[];
  /** Coupon id -> what the sync did to it. */
  readonly coupons: Readonly<Record<string, 'created' | 'updated' | 'unchanged'>>;
}

/**
 * Makes a Stripe account (real or the emulator) hold the catalogue: the product by its id, each price
 * by its lookup key. A price whose amounts or interval differ is replaced (Stripe prices cannot change
 * amounts): a new one takes the lookup key over and the old one is archived. Running it again changes
 * nothing (idempotent by lookup key, not by request).
 */
export async function syncStripeCatalogue(stripe: Stripe, catalogue: StripeCatalogue): Promise<CatalogueSyncReport> {
  const { product } = catalogue;
  let productResult: CatalogueSyncReport['product'] = 'unchanged';
  const existing = await retrieveProduct(stripe, product.id);
  if (existing === undefined) {
    await stripe.products.create({ id: product.id, name: product.name, description: product.description });
    productResult = 'created';
  } else if (existing.name !== product.name || existing.description !== product.description || !existing.active) {
    await stripe.products.update(product.id, { name: product.name, description: product.description, active: true });
    productResult = 'updated';
  }

  const keys = Object.keys(catalogue.prices);
  const current: Stripe.Price[] = [];
  // Stripe takes at most 10 lookup keys per list.
  for (let start = 0; start < keys.length; start += 10) {
    current.push(...(await stripe.prices.list({ lookup_keys: keys.slice(start, start + 10), expand: ['data.currency_options'], limit: 100 })).data);
  }
  const prices: Record<string, { id: string; created: boolean }> = {};
  const archived: string[] = [];
  for (const [key, wanted] of Object.entries(catalogue.prices)) {
    const holder = current.find((price) => price.lookup_key === key);
    if (holder !== undefined && matches(holder, catalogue, wanted)) {
      prices[key] = { id: holder.id, created: false };
      continue;
    }
    const created = await stripe.prices.create({
      product: product.id,
      currency: catalogue.currency,
      unit_amount: amountIn(wanted, catalogue.currency),
      recurring: { interval: wanted.interval, interval_count: wanted.interval_count },
      lookup_key: key,
      transfer_lookup_key: true,
      nickname: wanted.nickname,
      currency_options: Object.fromEntries(
        Object.entries(wanted.amounts)
          .filter(([currency]) => currency !== catalogue.currency)
          .map(([currency, amount]) => [currency, { unit_amount: amount }]),
      ),
    });
    prices[key] = { id: created.id, created: true };
    if (holder !== undefined && holder.active) {
      await stripe.prices.update(holder.id, { active: false });
      archived.push(holder.id);
    }
  }
  const coupons: Record<string, 'created' | 'updated' | 'unchanged'> = {};
  for (const [id, wanted] of Object.entries(catalogue.coupons)) coupons[id] = await syncCoupon(stripe, id, wanted);
  return { product: productResult, prices, archived, coupons };
}

/**
 * Creates the coupon by id, or brings its name and the prices it is for (metadata, which checkout
 * checks) up to date. Other terms cannot change on Stripe: a coupon that differs there stops the sync.
 */
async function syncCoupon(stripe: Stripe, id: string, wanted: CatalogueCoupon): Promise<'created' | 'updated' | 'unchanged'> {
  const metadata = { [CATALOGUE_PRICES_METADATA]: wanted.prices.join(',') };
  let existing: Stripe.Coupon;
  try {
    existing = await stripe.coupons.retrieve(id);
  } catch (error) {
    if (!(error instanceof Error && 'statusCode' in error && error.statusCode === 404)) throw error;
    await stripe.coupons.create({
      id,
      name: wanted.name,
      percent_off: wanted.percent_off,
      duration: wanted.duration,
      ...(wanted.duration_in_months === undefined ? {} : { duration_in_months: wanted.duration_in_months }),
      metadata,
    });
    return 'created';
  }
  if (existing.percent_off !== wanted.percent_off || existing.duration !== wanted.duration || (existing.duration_in_months ?? undefined) !== wanted.duration_in_months) {
    throw new Error(`Coupon ${id} exists on Stripe with other terms; Stripe coupons cannot change them, so give the new offer a new id`);
  }
  if (existing.name === wanted.name && existing.metadata?.[CATALOGUE_PRICES_METADATA] === metadata[CATALOGUE_PRICES_METADATA]) return 'unchanged';
  await stripe.coupons.update(id, { name: wanted.name, metadata });
  return 'updated';
}

async function retrieveProduct(stripe: Stripe, id: string): Promise<Stripe.Product | undefined> {
  try {
    return await stripe.products.retrieve(id);
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 404) return undefined;
    throw error;
  }
}

function amountIn(price: CataloguePrice, currency: string): number {
  const amount = price.amounts[currency];
  if (amount === undefined) throw new Error(`The catalogue has no ${currency} amount`);
  return amount;
}

/** Whether a live price already has exactly the declared terms. */
function matches(price: Stripe.Price, catalogue: StripeCatalogue, wanted: CataloguePrice): boolean {
  const productId = typeof price.product === 'string' ? price.product : price.product.id;
  if (!price.active || productId !== catalogue.product.id || price.currency !== catalogue.currency) return false;
  if (price.unit_amount !== amountIn(wanted, catalogue.currency)) return false;
  if (price.recurring?.interval !== wanted.interval || price.recurring.interval_count !== wanted.interval_count) return false;
  const options = price.currency_options ?? {};
  const declared = Object.entries(wanted.amounts);
  if (Object.keys(options).some((currency) => wanted.amounts[currency] === undefined)) return false;
  return declared.every(([currency, amount]) => options[currency]?.unit_amount === amount);
}
