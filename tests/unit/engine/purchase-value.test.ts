import { describe, expect, it } from 'vitest';
import { purchaseValue } from '../../../engine/purchase-value';
import { createPurchaseValue } from '../../../services/checkout/create-purchase-value';

const latest = { id: 2, created_at: '2026-11-01T00:00:00Z', eur: 1, sek: 11.45, usd: 1.085, jpy: 163.5, gbp: null };

describe('purchase value for tracking', () => {
  it('is 64.98 times the latest rate of the currency, rounded to cents', () => {
    expect(purchaseValue('sek', latest)).toEqual({ value: 744.02, currency: 'sek' });
    expect(purchaseValue('USD', latest)).toEqual({ value: 70.5, currency: 'usd' });
    expect(purchaseValue('jpy', latest)).toEqual({ value: 10624.23, currency: 'jpy' });
    expect(purchaseValue('eur', latest)).toEqual({ value: 64.98, currency: 'eur' });
    expect(purchaseValue('sek', { sek: '11.45' })).toEqual({ value: 744.02, currency: 'sek' });
  });

  it('falls back to 64.98 eur without a rate: no row, no column, null, nonsense, no currency', () => {
    const eur = { value: 64.98, currency: 'eur' };
    expect(purchaseValue('sek', undefined)).toEqual(eur);
    expect(purchaseValue('chf', latest)).toEqual(eur);
    expect(purchaseValue('gbp', latest)).toEqual(eur);
    expect(purchaseValue('sek', { sek: 0 })).toEqual(eur);
    expect(purchaseValue('sek', { sek: 'abc' })).toEqual(eur);
    expect(purchaseValue('created_at', latest)).toEqual(eur);
    expect(purchaseValue(undefined, latest)).toEqual(eur);
  });

  it('the service reports a failed fx lookup and still answers the eur value', async () => {
    const reported: unknown[] = [];
    const failing = createPurchaseValue({ latest: () => Promise.reject(new Error('fx_rates lookup failed: offline')) }, (error) => void reported.push(error));
    expect(await failing('sek')).toEqual({ value: 64.98, currency: 'eur' });
    expect(reported.map(String)).toEqual(['Error: Exchange rate lookup failed for currency sek']);
    const working = createPurchaseValue({ latest: () => Promise.resolve(latest) }, () => {});
    expect(await working('sek')).toEqual({ value: 744.02, currency: 'sek' });
  });
});
