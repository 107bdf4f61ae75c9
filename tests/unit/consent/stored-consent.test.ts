import { describe, expect, it, vi } from 'vitest';
import { needsConsent } from '../../../services/consent/consent-countries';
import { CONSENT_STORAGE_KEY, createStoredConsent } from '../../../services/consent/stored-consent';
import type { KeyValueStorage } from '../../../services/storage/key-value-storage';
import { memoryStorage } from '../fixtures/memory-storage';

const refusing: KeyValueStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('SecurityError');
  },
  removeItem: () => undefined,
};

describe('which countries are asked', () => {
  it('asks in the EU, the EEA, the UK and Switzerland, and when the country is unknown', () => {
    for (const code of ['DE', 'fr', 'SE', 'PL', 'IE', 'RE', 'NO', 'IS', 'LI', 'GB', 'CH']) expect(needsConsent(code), code).toBe(true);
    expect(needsConsent(null)).toBe(true);
  });
  it('does not ask elsewhere', () => {
    for (const code of ['US', 'CA', 'BR', 'JP', 'AU', 'MC', 'TR']) expect(needsConsent(code), code).toBe(false);
  });
});

describe('stored consent', () => {
  it('asks again when the visitor opens the cookie settings, and remembers the new answer', () => {
    const storage = memoryStorage();
    storage.setItem(CONSENT_STORAGE_KEY, 'accepted');
    const consent = createStoredConsent({ storage, country: async () => 'DE', log: () => {} });
    const seen: string[] = [];
    consent.subscribe(() => seen.push(consent.state()));
    consent.reopen();
    expect(consent.state()).toBe('ask');
    consent.choose('rejected');
    expect(seen).toEqual(['ask', 'denied']);
    expect(storage.getItem(CONSENT_STORAGE_KEY)).toBe('rejected');
    // A later visit starts from the new answer, without a notice.
    expect(createStoredConsent({ storage, country: async () => 'DE', log: () => {} }).state()).toBe('denied');
  });


  it('is undecided until started, then asks a visitor from a consent country and remembers the answer', async () => {
    const storage = memoryStorage();
    const country = vi.fn(async () => 'DE');
    const consent = createStoredConsent({ storage, country, log: () => {} });
    expect(consent.state()).toBe('undecided');
    const seen: string[] = [];
    consent.subscribe(() => seen.push(consent.state()));
    consent.start();
    consent.start();
    await vi.waitFor(() => expect(consent.state()).toBe('ask'));
    expect(country).toHaveBeenCalledTimes(1);
    consent.choose('rejected');
    expect(consent.state()).toBe('denied');
    expect(storage.items.get(CONSENT_STORAGE_KEY)).toBe('rejected');
    expect(seen).toEqual(['ask', 'denied']);

    // The next page load: the stored answer applies at once, without a lookup or a notice.
    const again = vi.fn(async () => 'DE');
    const reloaded = createStoredConsent({ storage, country: again, log: () => {} });
    expect(reloaded.state()).toBe('denied');
    reloaded.start();
    expect(again).not.toHaveBeenCalled();
    reloaded.choose('accepted');
    expect(createStoredConsent({ storage, country: again, log: () => {} }).state()).toBe('granted');
  });

  it('grants without asking where the law does not ask, and asks when the lookup fails', async () => {
    const us = createStoredConsent({ storage: memoryStorage(), country: async () => 'US', log: () => {} });
    us.start();
    await vi.waitFor(() => expect(us.state()).toBe('granted'));

    const log = vi.fn();
    const broken = createStoredConsent({ storage: memoryStorage(), country: () => Promise.reject(new Error('offline')), log });
    broken.start();
    await vi.waitFor(() => expect(broken.state()).toBe('ask'));
    expect(log).toHaveBeenCalled();
  });

  it('keeps an answer given while the lookup was running, and ignores a stored value it does not know', async () => {
    let answer: (code: string) => void = () => {};
    const consent = createStoredConsent({ storage: memoryStorage({ [CONSENT_STORAGE_KEY]: 'maybe' }), country: () => new Promise((resolve) => (answer = resolve)), log: () => {} });
    expect(consent.state()).toBe('undecided');
    consent.start();
    consent.choose('accepted');
    answer('DE');
    await Promise.resolve();
    expect(consent.state()).toBe('granted');
  });

  it('works for the visit where the browser refuses storage', async () => {
    const log = vi.fn();
    const consent = createStoredConsent({ storage: refusing, country: async () => 'FR', log });
    consent.start();
    await vi.waitFor(() => expect(consent.state()).toBe('ask'));
    consent.choose('accepted');
    expect(consent.state()).toBe('granted');
    expect(log).toHaveBeenCalledTimes(2);
  });
});
