import { describe, expect, it } from 'vitest';
import { fixedFeeInCurrency, netAmount } from '../../../server/api/net-amount';
import { loadPaymentFees } from '../../../server/api/payment-fees';
import { vatRate } from '../../../server/api/vat-rate';

describe('net amount', () => {
  it('takes the VAT out of a VAT-inclusive gross amount, then the fee on the gross amount', () => {
    // 12.50 SEK at 25 % VAT: 10.00 without VAT; 1.5 % of 12.50 = 0.1875 and a fixed 2.86 -> 6.95.
    expect(netAmount({ grossAmount: 1250, vatRate: 0.25, feePercent: 1.5, fixedFee: 286 })).toBe(695);
    // No VAT, no fee: the gross amount itself.
    expect(netAmount({ grossAmount: 999, vatRate: 0, feePercent: 0, fixedFee: 0 })).toBe(999);
    // Germany 19 %: 9.99 -> 8.395 without VAT, minus 0.14985 and 0.25 = 7.9951 -> 8.00.
    expect(netAmount({ grossAmount: 999, vatRate: 0.19, feePercent: 1.5, fixedFee: 25 })).toBe(800);
  });

  it('can be negative when the fee is more than the payment', () => {
    expect(netAmount({ grossAmount: 10, vatRate: 0.2, feePercent: 1.5, fixedFee: 25 })).toBe(-17);
  });

  it('converts the fixed fee at the euro rate, in whole units for zero-decimal currencies', () => {
    expect(fixedFeeInCurrency(25, 'eur', 1)).toBe(25);
    expect(fixedFeeInCurrency(25, 'sek', 11.45)).toBe(286);
    expect(fixedFeeInCurrency(25, 'jpy', 163.5)).toBe(41);
    expect(fixedFeeInCurrency(35, 'krw', 1490)).toBe(522);
  });
});

describe('VAT rates (sales-tax table)', () => {
  it('has the standard rates of several countries', async () => {
    expect(await vatRate('SE')).toBe(0.25);
    expect(await vatRate('de')).toBe(0.19);
    expect(await vatRate('FR')).toBe(0.2);
    expect(await vatRate('GB')).toBe(0.2);
    expect(await vatRate('CH')).toBeCloseTo(0.081, 3);
    // Sales tax in the United States is per state: no national rate.
    expect(await vatRate('US')).toBe(0);
  });
});

describe('config/payment-fees.yaml', () => {
  it('has a fee for each payment method the payment page offers', () => {
    const fees = loadPaymentFees();
    for (const type of ['paypal', 'apple_pay', 'google_pay', 'card', 'link']) expect(fees.get(type)).toBeDefined();
    expect(fees.get('card')).toEqual({ percent: 1.5, fixedEurCents: 25 });
  });

  it('refuses a broken table with the located problem', () => {
    const broken = 'version: 1\nfees:\n  card: { percent: 150, fixed_eur_cents: 2.5 }\n';
    expect(() => loadPaymentFees('config/payment-fees.yaml', broken)).toThrow(/payment-fees\.yaml:3:\d+.*percent.*at most 100/s);
    expect(() => loadPaymentFees('config/payment-fees.yaml', broken)).toThrow(/payment-fees\.yaml:3:\d+ fees\.card\.fixed_eur_cents: expected int/);
  });
});
