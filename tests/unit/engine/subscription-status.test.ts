import { describe, expect, it } from 'vitest';
import { pathForSignedInVisitor, subscriptionStatus } from '../../../engine/subscription-status';

const now = new Date('2026-11-21T12:00:00Z');
const withExpiry = (expires_date: string | null) => ({ subscriber: { entitlements: { premium: { expires_date } } } });

describe('subscriptionStatus', () => {
  it('follows the spec rules', () => {
    expect(subscriptionStatus(undefined, withExpiry('2027-01-01T00:00:00Z'), now)).toBe('none');
    expect(subscriptionStatus('u', undefined, now)).toBe('none');
    expect(subscriptionStatus('u', { subscriber: { entitlements: {} } }, now)).toBe('none');
    expect(subscriptionStatus('u', withExpiry(null), now)).toBe('none');
    expect(subscriptionStatus('u', withExpiry('2026-11-21T12:00:01Z'), now)).toBe('active');
    expect(subscriptionStatus('u', withExpiry('2026-11-21T12:00:00Z'), now)).toBe('inactive');
    expect(subscriptionStatus('u', withExpiry('2020-01-01T00:00:00Z'), now)).toBe('inactive');
  });

  it('sends active visitors to the account and everyone else to checkout', () => {
    expect(pathForSignedInVisitor('active')).toBe('/account/subscription');
    expect(pathForSignedInVisitor('inactive')).toBe('/checkout/plans');
    expect(pathForSignedInVisitor('none')).toBe('/checkout/plans');
  });
});
