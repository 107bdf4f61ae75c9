/**
 * The plans page's prices: which currency the visitor sees, each plan's intro and full amount, the
 * per-day price and how amounts are written. Pure: the loader fetches the prices, this decides.
 */

export type PlanId = 'weekly' | 'yearly';

export const PLAN_IDS: readonly PlanId[] = ['weekly', 'yearly'];

/** The catalogue's currency and the spec's fallback (section 9: "fallback and default currency eur"). */
export const DEFAULT_CURRENCY = 'eur';

/** Spec section 9: weekly is 7 days, yearly 365; the per-day price is the intro price over them. */
export const PLAN_DAYS: Readonly<Record<PlanId, number>> = { weekly: 7, yearly: 365 };

/** The lookup keys of each offered plan's prices (config/stripe-catalogue.yaml); a plan left out is not offered. */
export type PlanLookupKeys = Readonly<Partial<Record<PlanId, { readonly intro: string; readonly full: string }>>>;

/** The spec's lookup keys of each plan's prices (section 3); config/paywalls.yaml's default paywall uses them. */
export const SPEC_LOOKUP_KEYS: PlanLookupKeys = {
  weekly: { intro: 'w-intro', full: 'w-full' },
  yearly: { intro: 'y-intro', full: 'y-full' },
};

/** A price as list-stripe-prices answers it, as far as the plans page reads it. */
export interface ListedPrice {
  readonly id: string;
  readonly lookup_key: string | null;
  readonly currency: string;
  readonly unit_amount: number | null;
  readonly unit_amount_decimal: string | null;
  readonly currency_options?: Readonly<Record<string, { readonly unit_amount?: number | null; readonly unit_amount_decimal?: string | null }>> | undefined;
}

/** One plan card: amounts in the currency's minor units (cents), as Stripe states them. */
export interface PlanPrice {
  readonly plan: PlanId;
  /** The intro price the subscription is created with (the schedule moves it to the full price later). */
  readonly introPriceId: string;
  readonly introAmount: number;
  readonly fullAmount: number;
  readonly days: number;
}

/** The offered plans (the paywall's; a paywall may hide one), priced in one currency. */
export interface CheckoutPlans {
  /** Lowercase ISO code. */
  readonly currency: string;
  readonly weekly?: PlanPrice;
  readonly yearly?: PlanPrice;
}

/**
 * An offered plan's price. The page only ever selects a plan the paywall shows (config/paywalls.yaml
 * checks that its preselected and most popular plans are shown), so a missing one is a bug.
 */
export function offeredPlan(plans: CheckoutPlans, id: PlanId): PlanPrice {
  const price = plans[id];
  if (price === undefined) throw new Error(`The ${id} plan is not offered on this paywall`);
  return price;
}

/**
 * The offered plans priced by the paywall's lookup keys (the spec's by default), in the visitor's currency:
 * the cached `preferredCurrency` when every plan price has an amount in it (its own currency or a
 * `currency_options` entry), otherwise eur, otherwise the prices' own currency. Throws when a lookup key is missing or has no amount: the page cannot sell then, and
 * the loader's error element says so.
 */
export function checkoutPlans(prices: readonly ListedPrice[], preferredCurrency: string | undefined, lookupKeys: PlanLookupKeys = SPEC_LOOKUP_KEYS): CheckoutPlans {
  const byKey = new Map<string, ListedPrice>();
  for (const price of prices) if (price.lookup_key !== null) byKey.set(price.lookup_key, price);
  if (PLAN_IDS.every((plan) => lookupKeys[plan] === undefined)) throw new Error('The paywall offers no plan');
  const needed = PLAN_IDS.flatMap((plan) => {
    const keys = lookupKeys[plan];
    return keys === undefined ? [] : [keys.intro, keys.full];
  }).map((key) => {
    const price = byKey.get(key);
    if (price === undefined) throw new Error(`The price list has no price with lookup key ${key}`);
    return price;
  });
  const candidates = [preferredCurrency?.toLowerCase(), DEFAULT_CURRENCY, needed[0]?.currency];
  const currency = candidates.find((candidate): candidate is string => candidate !== undefined && needed.every((price) => amountIn(price, candidate) !== undefined));
  if (currency === undefined) throw new Error('The plan prices share no currency');
  const plan = (id: PlanId, keys: { readonly intro: string; readonly full: string }): PlanPrice => {
    const intro = byKey.get(keys.intro);
    const full = byKey.get(keys.full);
    const introAmount = intro && amountIn(intro, currency);
    const fullAmount = full && amountIn(full, currency);
    if (intro === undefined || introAmount === undefined || fullAmount === undefined) throw new Error(`The ${id} plan has no amount in ${currency}`);
    return { plan: id, introPriceId: intro.id, introAmount, fullAmount, days: PLAN_DAYS[id] };
  };
  const { weekly, yearly } = lookupKeys;
  return { currency, ...(weekly === undefined ? {} : { weekly: plan('weekly', weekly) }), ...(yearly === undefined ? {} : { yearly: plan('yearly', yearly) }) };
}

/** A price's amount in a currency, in minor units; undefined when it has none. */
function amountIn(price: ListedPrice, currency: string): number | undefined {
  const option = price.currency_options?.[currency];
  if (option !== undefined) return minorUnits(option.unit_amount_decimal, option.unit_amount);
  if (price.currency === currency) return minorUnits(price.unit_amount_decimal, price.unit_amount);
  return undefined;
}

function minorUnits(decimal: string | null | undefined, integer: number | null | undefined): number | undefined {
  // The spec reads unit_amount_decimal; unit_amount is the same value as an integer.
  const value = decimal !== null && decimal !== undefined && /^\d+(\.\d+)?$/.test(decimal) ? Number(decimal) : integer;
  return value === null || value === undefined || !Number.isFinite(value) ? undefined : value;
}

/**
 * Stripe's zero-decimal currencies: their amounts are whole units, not cents. The spec's "amounts are
 * in cents (divided by 100)" holds for every other currency, including HUF, ISK and TWD, which Stripe
 * takes with two decimals (docs/decisions/0099-other-currencies-written-out.md). List: Stripe's documentation.
 */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

/** Minor units to the currency's major unit (999 cents -> 9.99; 489 yen -> 489). */
export function majorUnits(minor: number, currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? minor : minor / 100;
}

/** `Intl.NumberFormat` for a currency in a language (throws RangeError for a malformed code). */
export function moneyFormat(language: string, currency: string): Intl.NumberFormat {
  return new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() });
}

/** An amount in minor units, written in the visitor's language and currency ("€2.99", "2,99 €", "¥489"). */
export function formatMoney(minor: number, currency: string, language: string): string {
  return moneyFormat(language, currency).format(majorUnits(minor, currency));
}

/** The per-day price: the intro price over the plan's days, rounded as the currency is written. */
export function formatPerDay(price: PlanPrice, currency: string, language: string): string {
  return moneyFormat(language, currency).format(majorUnits(price.introAmount, currency) / price.days);
}

/** How much the intro price takes off the full price, in whole percent (70 for 2.99 instead of 9.99). */
export function discountPercent(price: PlanPrice): number {
  if (price.fullAmount <= 0 || price.introAmount >= price.fullAmount) return 0;
  return Math.round((1 - price.introAmount / price.fullAmount) * 100);
}
