import { describe, expect, it } from 'vitest';
import { storeLabel, subscriptionList } from '../../../engine/subscription-list';

describe('storeLabel', () => {
  it('follows the spec: underscores to spaces, upper case, stripe is WEB, missing is unknown', () => {
    expect(storeLabel('app_store')).toBe('APP STORE');
    expect(storeLabel('mac_app_store')).toBe('MAC APP STORE');
    expect(storeLabel('play_store')).toBe('PLAY STORE');
    expect(storeLabel('stripe')).toBe('WEB');
    expect(storeLabel('promotional')).toBe('PROMOTIONAL');
    expect(storeLabel(null)).toBe('unknown');
    expect(storeLabel(undefined)).toBe('unknown');
    expect(storeLabel('')).toBe('unknown');
  });
});

describe('subscriptionList', () => {
  it('maps each subscription to a row, canceled when an unsubscribe was detected, oldest first', () => {
    const rows = subscriptionList({
      yearly_play: { store: 'play_store', purchase_date: '2025-03-01T10:00:00Z', expires_date: '2026-03-01T10:00:00Z', unsubscribe_detected_at: '2025-05-01T00:00:00Z' },
      weekly_web: { store: 'stripe', purchase_date: '2025-01-15T08:00:00Z', expires_date: '2025-01-22T08:00:00Z', unsubscribe_detected_at: null, store_transaction_id: 'sub_1' },
      odd: { store: null, purchase_date: 'garbage' },
      amazon: { store: 'amazon', purchase_date: '2025-04-01T10:00:00Z' },
    });
    const common = { refundedDate: undefined };
    expect(rows).toEqual([
      { ...common, productId: 'weekly_web', storeLabel: 'WEB', store: 'stripe', transactionId: 'sub_1', status: 'active', purchaseDate: new Date('2025-01-15T08:00:00Z'), expiresDate: new Date('2025-01-22T08:00:00Z') },
      { ...common, productId: 'yearly_play', storeLabel: 'PLAY STORE', store: 'play_store', transactionId: undefined, status: 'canceled', purchaseDate: new Date('2025-03-01T10:00:00Z'), expiresDate: new Date('2026-03-01T10:00:00Z') },
      // A store the product has no word for keeps the spec's label.
      { ...common, productId: 'amazon', storeLabel: 'AMAZON', store: undefined, transactionId: undefined, status: 'active', purchaseDate: new Date('2025-04-01T10:00:00Z'), expiresDate: undefined },
      { ...common, productId: 'odd', storeLabel: 'unknown', store: undefined, transactionId: undefined, status: 'active', purchaseDate: undefined, expiresDate: undefined },
    ]);
  });

  it('shows a refunded subscription as refunded, whether or not it was canceled too', () => {
    const rows = subscriptionList({
      refunded: { store: 'stripe', purchase_date: '2025-01-15T08:00:00Z', refunded_at: '2025-01-16T08:00:00Z', unsubscribe_detected_at: '2025-01-16T08:00:00Z' },
      refundedOnly: { store: 'app_store', purchase_date: '2025-01-17T08:00:00Z', refunded_at: '2025-01-18T08:00:00Z' },
    });
    expect(rows.map((row) => [row.status, row.refundedDate])).toEqual([
      ['refunded', new Date('2025-01-16T08:00:00Z')],
      ['refunded', new Date('2025-01-18T08:00:00Z')],
    ]);
  });

  it('is empty without subscriptions', () => {
    expect(subscriptionList(undefined)).toEqual([]);
    expect(subscriptionList({})).toEqual([]);
  });
});
