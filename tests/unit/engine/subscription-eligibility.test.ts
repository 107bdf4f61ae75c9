import { describe, expect, it } from 'vitest';
import { eligibleCounts, eligibleTotal, isCancelable, isRefundable, storeGroup } from '../../../engine/subscription-eligibility';
import { isWithinRefundWindow, refundPolicyFromEnv } from '../../../supabase/functions/_shared/refund-policy';
import { eligibleStoreCounts } from '../../../supabase/functions/_shared/web-subscription-requests';

const now = new Date('2026-06-01T12:00:00.000Z');
const at = (offsetMs: number): string => new Date(now.getTime() + offsetMs).toISOString();

describe('cancelable: expires later than now and not unsubscribed', () => {
  it.each([
    ['expires a millisecond from now', { expires_date: at(1) }, true],
    ['expires exactly now', { expires_date: at(0) }, false],
    ['expired a millisecond ago', { expires_date: at(-1) }, false],
    ['already canceled (unsubscribe detected)', { expires_date: at(86_400_000), unsubscribe_detected_at: at(-1000) }, false],
    ['refunded but not unsubscribed', { expires_date: at(86_400_000), refunded_at: at(-1000) }, true],
    ['no expiry', { expires_date: null }, false],
    ['an unreadable expiry', { expires_date: 'soon' }, false],
  ])('%s', (_, subscription, expected) => {
    expect(isCancelable({ store: 'stripe', ...subscription }, now)).toBe(expected);
  });
});

describe('refundable: not expired and refunded_at empty', () => {
  it.each([
    ['expires a millisecond from now', { expires_date: at(1) }, true],
    ['expires exactly now', { expires_date: at(0) }, false],
    ['expired', { expires_date: at(-1) }, false],
    ['already refunded', { expires_date: at(86_400_000), refunded_at: at(-1000) }, false],
    ['canceled but still running (the paid period is kept)', { expires_date: at(86_400_000), unsubscribe_detected_at: at(-1000) }, true],
    ['no expiry', { expires_date: undefined }, false],
  ])('%s', (_, subscription, expected) => {
    expect(isRefundable({ store: 'stripe', ...subscription }, now)).toBe(expected);
  });
});

describe('store groups and counts', () => {
  it('maps the receipt service\'s stores to web, Apple and Google; others to none', () => {
    expect(['stripe', 'app_store', 'mac_app_store', 'play_store', 'promotional', null, undefined].map(storeGroup)).toEqual([
      'web', 'apple', 'apple', 'google', undefined, undefined, undefined,
    ]);
  });

  it('counts only eligible subscriptions per group, by action', () => {
    const running = at(30 * 86_400_000);
    const subscriptions = {
      web: { store: 'stripe', expires_date: running },
      ios: { store: 'app_store', expires_date: running, unsubscribe_detected_at: at(-5000) },
      mac: { store: 'mac_app_store', expires_date: running },
      android: { store: 'play_store', expires_date: running, refunded_at: at(-5000) },
      old: { store: 'play_store', expires_date: at(-5000) },
      promo: { store: 'promotional', expires_date: running },
      gone: undefined,
    };
    const cancel = eligibleCounts(subscriptions, 'cancelation', now);
    expect(cancel).toEqual({ web: 1, apple: 1, google: 1 });
    const refund = eligibleCounts(subscriptions, 'refund', now);
    expect(refund).toEqual({ web: 1, apple: 2, google: 0 });
    expect(eligibleTotal(refund)).toBe(3);
    expect(eligibleTotal(eligibleCounts(undefined, 'refund', now))).toBe(0);
  });
});

describe('the functions count store subscriptions by the same rules as the pages', () => {
  it('agrees with the engine on every boundary case, for both actions', () => {
    const cases: Record<string, Record<string, string | null>> = {};
    const variants: Record<string, string | null>[] = [
      { expires_date: at(1) },
      { expires_date: at(0) },
      { expires_date: at(-1) },
      { expires_date: null },
      { expires_date: at(86_400_000), unsubscribe_detected_at: at(-1000) },
      { expires_date: at(86_400_000), refunded_at: at(-1000) },
      { expires_date: at(86_400_000), unsubscribe_detected_at: at(-1000), refunded_at: at(-1000) },
    ];
    for (const store of ['app_store', 'mac_app_store', 'play_store', 'promotional']) {
      variants.forEach((variant, index) => (cases[`${store}-${String(index)}`] = { store, ...variant }));
    }
    for (const [engineAction, functionAction] of [['cancelation', 'cancel'], ['refund', 'refund']] as const) {
      for (const [key, subscription] of Object.entries(cases)) {
        const engine = eligibleCounts({ [key]: subscription }, engineAction, now);
        const fromFunction = eligibleStoreCounts({ [key]: subscription }, functionAction, now.getTime());
        expect({ key, engineAction, apple: fromFunction.appStore, google: fromFunction.playStore }).toEqual({ key, engineAction, apple: engine.apple, google: engine.google });
      }
    }
  });
});

describe('the refund policy (configuration)', () => {
  it('defaults to 14 days, takes REFUND_WINDOW_DAYS, refuses anything but whole days', () => {
    expect(refundPolicyFromEnv(() => undefined)).toEqual({ windowDays: 14 });
    expect(refundPolicyFromEnv(() => ' 30 ')).toEqual({ windowDays: 30 });
    expect(refundPolicyFromEnv(() => '0')).toEqual({ windowDays: 0 });
    for (const bad of ['-1', '1.5', 'two weeks']) expect(() => refundPolicyFromEnv(() => bad)).toThrow(/REFUND_WINDOW_DAYS/);
  });

  it('refunds a payment younger than the window, not one exactly as old or older', () => {
    const day = 86_400;
    const policy = { windowDays: 14 };
    const paidAt = 1_800_000_000;
    expect(isWithinRefundWindow(policy, paidAt, paidAt)).toBe(true);
    expect(isWithinRefundWindow(policy, paidAt, paidAt + 14 * day - 1)).toBe(true);
    expect(isWithinRefundWindow(policy, paidAt, paidAt + 14 * day)).toBe(false);
    expect(isWithinRefundWindow({ windowDays: 0 }, paidAt, paidAt)).toBe(false);
  });
});
