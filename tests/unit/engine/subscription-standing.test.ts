import { describe, expect, it } from 'vitest';
import { subscriptionList } from '../../../engine/subscription-list';
import { subscriptionStandings } from '../../../engine/subscription-standing';

const now = new Date('2026-11-27T12:00:00Z');

describe('subscriptionStandings', () => {
  it('says where each subscription stands today, running ones first', () => {
    const rows = subscriptionList({
      ended: { store: 'play_store', purchase_date: '2025-01-01T00:00:00Z', expires_date: '2026-01-01T00:00:00Z' },
      refunded: { store: 'stripe', purchase_date: '2026-11-01T00:00:00Z', expires_date: '2026-12-01T00:00:00Z', refunded_at: '2026-11-02T00:00:00Z', unsubscribe_detected_at: '2026-11-02T00:00:00Z' },
      canceled: { store: 'app_store', purchase_date: '2026-11-20T00:00:00Z', expires_date: '2026-12-20T00:00:00Z', unsubscribe_detected_at: '2026-11-21T00:00:00Z' },
      renewing: { store: 'stripe', purchase_date: '2026-11-26T00:00:00Z', expires_date: '2026-12-03T00:00:00Z' },
      lifetime: { store: 'promotional', purchase_date: '2026-01-01T00:00:00Z' },
    });
    expect(subscriptionStandings(rows, now).map(({ subscription, standing }) => [subscription.productId, standing])).toEqual([
      ['lifetime', { kind: 'renewing', on: undefined }],
      ['canceled', { kind: 'ending', on: new Date('2026-12-20T00:00:00Z') }],
      ['renewing', { kind: 'renewing', on: new Date('2026-12-03T00:00:00Z') }],
      ['refunded', { kind: 'refunded', on: new Date('2026-11-02T00:00:00Z') }],
      ['ended', { kind: 'ended', on: new Date('2026-01-01T00:00:00Z') }],
    ]);
  });

  it('calls a subscription that expired ended, canceled or not (the spec dialog would still say active)', () => {
    const rows = subscriptionList({
      lapsed: { store: 'stripe', purchase_date: '2026-11-01T00:00:00Z', expires_date: '2026-11-27T12:00:00Z' },
      canceledAndOver: { store: 'app_store', purchase_date: '2026-10-01T00:00:00Z', expires_date: '2026-11-01T00:00:00Z', unsubscribe_detected_at: '2026-10-02T00:00:00Z' },
    });
    expect(subscriptionStandings(rows, now).map(({ standing }) => standing.kind)).toEqual(['ended', 'ended']);
  });

  it('is empty without subscriptions', () => {
    expect(subscriptionStandings([], now)).toEqual([]);
  });
});
