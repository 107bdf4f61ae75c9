import { describe, expect, it } from 'vitest';
import { checkoutPlans, discountPercent, formatMoney, formatPerDay, majorUnits, offeredPlan, type ListedPrice } from '../../../engine/plan-pricing';

/** The catalogue's four prices (config/stripe-catalogue.yaml), with a few of its currencies. */
function price(id: string, lookupKey: string, amounts: Record<string, number>): ListedPrice {
  const eur = amounts['eur'] ?? 0;
  return {
    id,
    lookup_key: lookupKey,
    currency: 'eur',
    unit_amount: eur,
    unit_amount_decimal: String(eur),
    currency_options: Object.fromEntries(Object.entries(amounts).map(([currency, amount]) => [currency, { unit_amount: amount, unit_amount_decimal: String(amount) }])),
  };
}

const prices: ListedPrice[] = [
  price('price_wf', 'w-full', { eur: 999, usd: 1099, sek: 10999, jpy: 1599 }),
  price('price_wi', 'w-intro', { eur: 299, usd: 299, sek: 3399, jpy: 489 }),
  price('price_yf', 'y-full', { eur: 7999, usd: 8699, sek: 91999, jpy: 12999 }),
  // gbp only on this one: a currency not every plan price carries is not offered.
  price('price_yi', 'y-intro', { eur: 3999, usd: 4299, sek: 45999, jpy: 6499, gbp: 3399 }),
];

describe('checkoutPlans', () => {
  it('picks each plan\'s intro and full price by lookup key, in eur without a cached currency', () => {
    expect(checkoutPlans(prices, undefined)).toEqual({
      currency: 'eur',
      weekly: { plan: 'weekly', introPriceId: 'price_wi', introAmount: 299, fullAmount: 999, days: 7 },
      yearly: { plan: 'yearly', introPriceId: 'price_yi', introAmount: 3999, fullAmount: 7999, days: 365 },
    });
  });

  it('uses the cached currency when every plan price has an amount in it, else eur', () => {
    const sek = checkoutPlans(prices, 'sek');
    expect([sek.currency, sek.weekly?.introAmount, sek.yearly?.fullAmount]).toEqual(['sek', 3399, 91999]);
    expect(checkoutPlans(prices, 'USD').currency).toBe('usd');
    expect(checkoutPlans(prices, 'gbp').currency).toBe('eur');
    expect(checkoutPlans(prices, 'xyz').currency).toBe('eur');
  });

  it('reads unit_amount_decimal, and unit_amount where the decimal is missing', () => {
    const [first, ...rest] = prices;
    if (!first) throw new Error('no prices');
    const integerOnly: ListedPrice = { ...first, currency_options: { eur: { unit_amount: 1005, unit_amount_decimal: null } } };
    expect(checkoutPlans([integerOnly, ...rest], 'eur').weekly?.fullAmount).toBe(1005);
  });

  it('falls back to the prices\' own currency when they have no eur', () => {
    const usdOnly = prices.map((listed): ListedPrice => ({ ...listed, currency: 'usd', currency_options: { usd: listed.currency_options?.['usd'] ?? {} } }));
    expect(checkoutPlans(usdOnly, 'sek').currency).toBe('usd');
  });

  it('prices each plan by the paywall\'s lookup keys (a price experiment\'s own pair)', () => {
    const experiment = [...prices, price('price_y2i', 'y2-intro', { eur: 2999 }), price('price_y2f', 'y2-full', { eur: 5999 })];
    const plans = checkoutPlans(experiment, 'eur', { weekly: { intro: 'w-intro', full: 'w-full' }, yearly: { intro: 'y2-intro', full: 'y2-full' } });
    expect(plans.yearly).toEqual({ plan: 'yearly', introPriceId: 'price_y2i', introAmount: 2999, fullAmount: 5999, days: 365 });
    expect(plans.weekly?.introPriceId).toBe('price_wi');
  });

  it('prices only the plans a paywall offers: a hidden plan needs no prices, and asking for it is a bug', () => {
    const yearlyOnly = checkoutPlans(prices.filter((listed) => !listed.lookup_key?.startsWith('w-')), 'eur', { yearly: { intro: 'y-intro', full: 'y-full' } });
    expect(yearlyOnly).toEqual({ currency: 'eur', yearly: { plan: 'yearly', introPriceId: 'price_yi', introAmount: 3999, fullAmount: 7999, days: 365 } });
    expect(() => offeredPlan(yearlyOnly, 'weekly')).toThrow('The weekly plan is not offered on this paywall');
    expect(() => checkoutPlans(prices, 'eur', {})).toThrow('offers no plan');
  });

  it('refuses a price list without one of the four lookup keys', () => {
    expect(() => checkoutPlans(prices.slice(1), undefined)).toThrow('w-full');
  });
});

describe('amounts', () => {
  it('are cents / 100, except in zero-decimal currencies', () => {
    expect(majorUnits(299, 'eur')).toBe(2.99);
    expect(majorUnits(149900, 'isk')).toBe(1499);
    expect(majorUnits(489, 'jpy')).toBe(489);
    expect(majorUnits(4499, 'KRW')).toBe(4499);
  });

  it('are written with Intl.NumberFormat in the visitor\'s language and currency', () => {
    // Intl separates symbol and digits with a no-break space (U+00A0) or a narrow one (U+202F).
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(formatMoney(299, 'eur', 'en')).toBe('€2.99');
    expect(plain(formatMoney(299, 'eur', 'de'))).toBe('2,99 €');
    expect(plain(formatMoney(299, 'eur', 'fr'))).toBe('2,99 €');
    expect(formatMoney(1099, 'usd', 'en')).toBe('$10.99');
    expect(plain(formatMoney(10999, 'sek', 'sv'))).toBe('109,99 kr');
    expect(formatMoney(489, 'jpy', 'ja')).toBe('￥489');
    expect(formatMoney(489, 'jpy', 'en')).toBe('¥489');
    expect(plain(formatMoney(799900, 'eur', 'pl'))).toBe('7999,00 €');
    expect(formatMoney(299, 'eur', 'ar')).toContain('€');
  });

  it('per day: the intro price over 7 or 365 days, rounded as the currency is written', () => {
    const plans = checkoutPlans(prices, 'eur');
    expect(formatPerDay(offeredPlan(plans, 'weekly'), 'eur', 'en')).toBe('€0.43');
    expect(formatPerDay(offeredPlan(plans, 'yearly'), 'eur', 'en')).toBe('€0.11');
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(formatPerDay(offeredPlan(plans, 'weekly'), 'eur', 'de'))).toBe('0,43 €');
    const yen = checkoutPlans(prices, 'jpy');
    expect(formatPerDay(offeredPlan(yen, 'weekly'), 'jpy', 'en')).toBe('¥70');
    expect(formatPerDay(offeredPlan(yen, 'yearly'), 'jpy', 'en')).toBe('¥18');
    const kronor = checkoutPlans(prices, 'sek');
    expect(plain(formatPerDay(offeredPlan(kronor, 'weekly'), 'sek', 'sv'))).toBe('4,86 kr');
    expect(formatPerDay(offeredPlan(checkoutPlans(prices, 'usd'), 'yearly'), 'usd', 'en-US')).toBe('$0.12');
  });

  it('the discount is the share the intro price takes off, in whole percent', () => {
    const plans = checkoutPlans(prices, 'eur');
    expect(discountPercent(offeredPlan(plans, 'weekly'))).toBe(70);
    expect(discountPercent(offeredPlan(plans, 'yearly'))).toBe(50);
    expect(discountPercent({ ...offeredPlan(plans, 'weekly'), introAmount: 999 })).toBe(0);
  });
});
