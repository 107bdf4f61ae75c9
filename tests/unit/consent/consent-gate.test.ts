import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PurchaseDetails } from '../../../engine/payment-completion-machine';
import type { Consent, ConsentState } from '../../../services/consent/consent';
import { CONSENT_DECISION_WAIT_MS, decidedConsent } from '../../../services/consent/decided-consent';
import { followConsent } from '../../../services/consent/follow-consent';
import { CONVERSION_CONSENT_WAIT_MS, consentGatedConversions } from '../../../services/tracking/consent-gated-conversions';
import type { ConversionTracking } from '../../../services/tracking/conversion-tracking';

/** A consent whose state the test sets, as the notice or the country lookup would. */
function settableConsent(initial: ConsentState): Consent & { readonly set: (state: ConsentState) => void; readonly starts: () => number } {
  let state = initial;
  let starts = 0;
  const listeners = new Set<() => void>();
  return {
    state: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => {
      starts++;
    },
    choose: () => {},
    reopen: () => {},
    set: (next) => {
      state = next;
      for (const listener of [...listeners]) listener();
    },
    starts: () => starts,
  };
}

function recordingTracking(events: string[]): ConversionTracking {
  return {
    start: () => void events.push('start'),
    revoke: () => void events.push('revoke'),
    completeRegistration: async () => void events.push('completeRegistration'),
    initiateCheckout: async () => void events.push('initiateCheckout'),
    purchase: async () => void events.push('purchase'),
  };
}

const purchase: PurchaseDetails = { subscriptionId: 'sub_1', paymentIntentId: 'pi_1', amount: 4999, currency: 'eur', plan: 'yearly', paymentMethodId: undefined };

afterEach(() => {
  vi.useRealTimers();
});

describe('following consent', () => {
  it('runs granted and denied on every decided answer, both ways, and nothing while undecided or asking', () => {
    const consent = settableConsent('undecided');
    const seen: string[] = [];
    followConsent(consent, () => seen.push('granted'), () => seen.push('denied'));
    consent.set('ask');
    consent.set('granted');
    consent.set('denied');
    consent.set('granted');
    expect(seen).toEqual(['granted', 'denied', 'granted']);
  });
  it('applies an answer given before it was called at once', () => {
    const seen: string[] = [];
    followConsent(settableConsent('denied'), () => seen.push('granted'), () => seen.push('denied'));
    expect(seen).toEqual(['denied']);
  });
});

describe('the decided consent', () => {
  it('starts the decision and answers as soon as it is made', async () => {
    vi.useFakeTimers();
    const consent = settableConsent('undecided');
    const decided = decidedConsent(consent, CONSENT_DECISION_WAIT_MS);
    expect(consent.starts()).toBe(1);
    consent.set('granted');
    await expect(decided).resolves.toBe('granted');
  });
  it('answers what it is after the wait when nothing decides it', async () => {
    vi.useFakeTimers();
    const consent = settableConsent('undecided');
    const decided = decidedConsent(consent, CONSENT_DECISION_WAIT_MS);
    await vi.advanceTimersByTimeAsync(CONSENT_DECISION_WAIT_MS - 1);
    let settled = false;
    void decided.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(decided).resolves.toBe('undecided');
  });
});

describe('conversions behind consent', () => {
  it('sends nothing and loads no pixel without consent', async () => {
    const events: string[] = [];
    const load = vi.fn(async () => recordingTracking(events));
    const conversions = consentGatedConversions(settableConsent('denied'), load, () => {});
    conversions.start();
    await conversions.purchase(purchase);
    expect(load).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });
  it('waits for a late decision at most CONVERSION_CONSENT_WAIT_MS, then drops the event', async () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const conversions = consentGatedConversions(settableConsent('undecided'), async () => recordingTracking(events), () => {});
    const sent = conversions.purchase(purchase);
    await vi.advanceTimersByTimeAsync(CONVERSION_CONSENT_WAIT_MS);
    await sent;
    expect(events).toEqual([]);
  });
  it('sends a conversion once consent comes within the wait', async () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const consent = settableConsent('undecided');
    const conversions = consentGatedConversions(consent, async () => recordingTracking(events), () => {});
    const sent = conversions.completeRegistration({ userId: 'u1', email: 'a@example.com' });
    await vi.advanceTimersByTimeAsync(CONVERSION_CONSENT_WAIT_MS / 2);
    consent.set('granted');
    await sent;
    expect(events).toEqual(['completeRegistration']);
  });
  it('starts the pixel when consent is granted later and revokes it when consent is withdrawn', async () => {
    const events: string[] = [];
    const consent = settableConsent('ask');
    consentGatedConversions(consent, async () => recordingTracking(events), () => {}).start();
    consent.set('granted');
    await vi.waitFor(() => expect(events).toEqual(['start']));
    consent.set('denied');
    await vi.waitFor(() => expect(events).toEqual(['start', 'revoke']));
  });
  it('reports a pixel chunk that failed to load and tries again on the next conversion', async () => {
    const events: string[] = [];
    const reported: unknown[] = [];
    const load = vi.fn<() => Promise<ConversionTracking>>().mockRejectedValueOnce(new Error('chunk')).mockResolvedValue(recordingTracking(events));
    const conversions = consentGatedConversions(settableConsent('granted'), load, (error) => reported.push(error));
    await conversions.initiateCheckout({ subscriptionId: 'sub_1', amount: 4999, currency: 'eur', plan: 'yearly' });
    await conversions.initiateCheckout({ subscriptionId: 'sub_1', amount: 4999, currency: 'eur', plan: 'yearly' });
    expect(reported).toHaveLength(1);
    expect(events).toEqual(['initiateCheckout']);
  });
});
