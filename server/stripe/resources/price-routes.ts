import type Stripe from 'stripe';
import { invalidRequest, missingParam } from '../stripe-api-error';
import type { StripeContext } from '../stripe-context';
import type { StripeRouter } from '../create-stripe-routes';
import { stripeId } from '../stripe-id';
import { listAnswer, searchAnswer } from '../stripe-lists';
import type { StripeParams } from '../stripe-params';
import type { Wire } from '../wire';

type WirePrice = Wire<Stripe.Price>;
type WireCurrencyOption = Wire<Stripe.Price.CurrencyOptions>;

const intervals = ['day', 'week', 'month', 'year'] as const;
const taxBehaviors = ['inclusive', 'exclusive', 'unspecified'] as const;

/** Prices: create, retrieve, update (no delete: `active=false`), list by lookup keys, search. */
export function priceRoutes(router: StripeRouter): void {
  router.post('/prices', async (context) => {
    const { params, store } = context;
    const productId = params.string('product');
    if (productId === undefined) throw missingParam('product');
    await store.get('product', productId, 'product');
    const currency = currencyParam(params, 'currency');
    const amount = unitAmount(params, 'unit_amount');
    const recurringParams = params.object('recurring');
    const recurring: WirePrice['recurring'] =
      recurringParams === undefined
        ? null
        : {
            interval: recurringParams.oneOf('interval', intervals) ?? failMissing(recurringParams.name('interval')),
            interval_count: recurringParams.integer('interval_count') ?? 1,
            meter: null,
            trial_period_days: recurringParams.integer('trial_period_days') ?? null,
            usage_type: 'licensed',
          };
    const taxBehavior = params.oneOf('tax_behavior', taxBehaviors) ?? 'unspecified';
    const lookupKey = params.string('lookup_key') ?? null;
    if (lookupKey !== null) await claimLookupKey(context, lookupKey, params.boolean('transfer_lookup_key') ?? false);
    const options = currencyOptions(params, { [currency]: option(amount, taxBehavior) }, taxBehavior);
    const price: WirePrice = {
      id: stripeId('price'),
      object: 'price',
      active: params.boolean('active') ?? true,
      billing_scheme: 'per_unit',
      created: context.now(),
      currency,
      currency_options: options,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: lookupKey,
      metadata: params.metadata() ?? {},
      nickname: params.string('nickname') ?? null,
      product: productId,
      recurring,
      tax_behavior: taxBehavior,
      tiers_mode: null,
      transform_quantity: null,
      type: recurring === null ? 'one_time' : 'recurring',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    };
    await store.put('price', price);
    await context.emit('price.created', price);
    return { status: 200, body: await context.render(price) };
  });

  router.get('/prices/search', (context) => searchAnswer(context, 'price', '/v1/prices/search'));

  router.get('/prices/:id', async (context) => {
    const price = await context.store.get('price', context.path.id ?? '');
    return { status: 200, body: await context.render(price) };
  });

  router.post('/prices/:id', async (context) => {
    const { params, store } = context;
    const current = await store.get('price', context.path.id ?? '');
    const lookupKey = params.nullableString('lookup_key');
    if (typeof lookupKey === 'string' && lookupKey !== current.lookup_key) {
      await claimLookupKey(context, lookupKey, params.boolean('transfer_lookup_key') ?? false);
    }
    const taxBehavior = current.tax_behavior ?? 'unspecified';
    const next: WirePrice = {
      ...current,
      active: params.boolean('active') ?? current.active,
      lookup_key: lookupKey === undefined ? current.lookup_key : lookupKey,
      nickname: params.nullableString('nickname') === undefined ? current.nickname : (params.nullableString('nickname') ?? null),
      metadata: params.metadata(current.metadata) ?? current.metadata,
      currency_options: currencyOptions(params, current.currency_options ?? {}, taxBehavior),
    };
    const previous: Record<string, unknown> = {};
    for (const key of ['active', 'lookup_key', 'nickname', 'metadata', 'currency_options'] as const) {
      if (JSON.stringify(next[key]) !== JSON.stringify(current[key])) previous[key] = current[key];
    }
    await store.put('price', next);
    if (Object.keys(previous).length > 0) await context.emit('price.updated', next, previous);
    return { status: 200, body: await context.render(next) };
  });

  router.get('/prices', async (context) => {
    const { params } = context;
    const lookupKeys = params.strings('lookup_keys');
    if (lookupKeys !== undefined && lookupKeys.length > 10) throw invalidRequest('You may only specify up to 10 lookup keys.', 'lookup_keys');
    const where: Record<string, unknown> = {};
    const active = params.boolean('active');
    if (active !== undefined) where.active = active;
    const product = params.string('product');
    if (product !== undefined) where.product = product;
    const currency = params.string('currency');
    if (currency !== undefined) where.currency = currency.toLowerCase();
    const type = params.oneOf('type', ['one_time', 'recurring'] as const);
    if (type !== undefined) where.type = type;
    const interval = params.object('recurring')?.oneOf('interval', intervals);
    if (interval !== undefined) where.recurring = { interval };
    if (lookupKeys === undefined) return listAnswer(context, 'price', where, '/v1/prices');
    // One containment filter cannot say "any of these keys": read each key's price, newest first.
    const found = (await Promise.all(lookupKeys.map((key) => context.store.all('price', { ...where, lookup_key: key })))).flat();
    return { status: 200, body: await context.render({ object: 'list', data: found, has_more: false, url: '/v1/prices' }) };
  });
}

function failMissing(param: string): never {
  throw missingParam(param);
}

function currencyParam(params: StripeParams, key: string): string {
  const value = params.string(key);
  if (value === undefined) throw missingParam(params.name(key));
  if (!/^[a-zA-Z]{3}$/.test(value)) throw invalidRequest(`Invalid currency: ${value}.`, params.name(key), 'parameter_invalid_string');
  return value.toLowerCase();
}

/** `unit_amount` (integer) or `unit_amount_decimal` (a whole-number string here). */
function unitAmount(params: StripeParams, key: string): number {
  const amount = params.integer(key);
  if (amount !== undefined) {
    if (amount < 0) throw invalidRequest('This value must be greater than or equal to 0.', params.name(key), 'parameter_invalid_integer');
    return amount;
  }
  const decimal = params.string(`${key}_decimal`);
  if (decimal !== undefined) {
    if (!/^\d+$/.test(decimal)) throw invalidRequest('The emulator supports whole minor units only.', params.name(`${key}_decimal`), 'parameter_invalid_decimal');
    return Number(decimal);
  }
  throw missingParam(params.name(key));
}

function option(amount: number, taxBehavior: WirePrice['tax_behavior']): WireCurrencyOption {
  return { custom_unit_amount: null, tax_behavior: taxBehavior, unit_amount: amount, unit_amount_decimal: String(amount) };
}

/** Merges `currency_options[eur][unit_amount]=...` into the existing options (the price's own currency included). */
function currencyOptions(
  params: StripeParams,
  current: Readonly<Record<string, WireCurrencyOption>>,
  taxBehavior: WirePrice['tax_behavior'],
): Record<string, WireCurrencyOption> {
  const merged: Record<string, WireCurrencyOption> = { ...current };
  const sent = params.object('currency_options');
  if (sent === undefined) return merged;
  for (const code of sent.keys()) {
    if (!/^[a-z]{3}$/.test(code)) throw invalidRequest(`Invalid currency: ${code}.`, sent.name(code));
    const entry = sent.object(code);
    if (entry === undefined) throw missingParam(sent.name(code));
    merged[code] = option(unitAmount(entry, 'unit_amount'), entry.oneOf('tax_behavior', taxBehaviors) ?? taxBehavior);
  }
  return merged;
}

/** A lookup key names one price: taken keys move only with `transfer_lookup_key`, as in Stripe. */
async function claimLookupKey(context: StripeContext, lookupKey: string, transfer: boolean): Promise<void> {
  const holders = await context.store.all('price', { lookup_key: lookupKey });
  const holder = holders[0];
  if (holder === undefined) return;
  if (!transfer) {
    throw invalidRequest(
      `A price (\`${holder.id}\`) already uses that lookup key. Use \`transfer_lookup_key\` to transfer the lookup key to this price.`,
      'lookup_key',
    );
  }
  for (const price of holders) {
    const moved: WirePrice = { ...price, lookup_key: null };
    await context.store.put('price', moved);
    await context.emit('price.updated', moved, { lookup_key: lookupKey });
  }
}
