import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { sessionCheckoutSession } from '../../../services/checkout/checkout-session';
import { CATALOGUE_PRODUCT_ID, checkoutSettings } from '../../../services/checkout/checkout-settings';
import { memoryStorage, refusingStorage } from '../fixtures/memory-storage';

describe('sessionCheckoutSession', () => {
  it('keeps the first view\'s time for the session, so a reload keeps counting down', () => {
    const storage = memoryStorage();
    const session = sessionCheckoutSession(storage, () => {});
    expect(session.countdownStartedAt(1000)).toBe(1000);
    expect(session.countdownStartedAt(5000)).toBe(1000);
    // A second page object over the same storage (a reload).
    expect(sessionCheckoutSession(storage, () => {}).countdownStartedAt(9000)).toBe(1000);
  });

  it('starts again when the stored start is unreadable or in the future', () => {
    expect(sessionCheckoutSession(memoryStorage({ checkoutCountdownStartedAt: 'soon' }), () => {}).countdownStartedAt(7000)).toBe(7000);
    expect(sessionCheckoutSession(memoryStorage({ checkoutCountdownStartedAt: '9000' }), () => {}).countdownStartedAt(7000)).toBe(7000);
  });

  it('remembers that the offer was shown', () => {
    const storage = memoryStorage();
    const session = sessionCheckoutSession(storage, () => {});
    expect(session.offerShown()).toBe(false);
    session.rememberOfferShown();
    expect(sessionCheckoutSession(storage, () => {}).offerShown()).toBe(true);
  });

  it('works without storage: counts from now, never shown', () => {
    const logs: string[] = [];
    const session = sessionCheckoutSession(refusingStorage, (message) => void logs.push(message));
    expect(session.countdownStartedAt(4000)).toBe(4000);
    expect(session.offerShown()).toBe(false);
    session.rememberOfferShown();
    expect(logs).toHaveLength(3);
  });
});

describe('checkoutSettings', () => {
  it('lists the prices of the catalogue\'s product unless VITE_STRIPE_PRODUCT_ID says otherwise', () => {
    const catalogue: unknown = parse(readFileSync('config/stripe-catalogue.yaml', 'utf8'));
    expect(catalogue).toMatchObject({ product: { id: CATALOGUE_PRODUCT_ID } });
    expect(checkoutSettings({}).productId).toBe(CATALOGUE_PRODUCT_ID);
    expect(checkoutSettings({ VITE_STRIPE_PRODUCT_ID: ' ' }).productId).toBe(CATALOGUE_PRODUCT_ID);
    expect(checkoutSettings({ VITE_STRIPE_PRODUCT_ID: 'prod_other' }).productId).toBe('prod_other');
  });
});
