import { describe, expect, it, vi } from 'vitest';
import { createApiKeys } from '../../../server/api-keys';
import { LOCAL_JWT_SECRET, REVENUECAT_LOCAL_PUBLIC_KEY } from '../../../server/config';
import type { AuthService } from '../../../services/account/auth-service';
import { sessionSignUpCache } from '../../../services/account/sign-up-cache';
import { createSignedInDestination } from '../../../services/account/signed-in-destination';
import type { ReceiptService } from '../../../services/receipts/receipt-service';
import { LOCAL_REVENUECAT_PUBLIC_KEY, receiptSettings } from '../../../services/receipts/receipt-settings';
import { createRevenueCatReceiptService } from '../../../services/receipts/revenuecat-receipt-service';
import { hasStoredSession } from '../../../services/supabase/has-stored-session';
import { LOCAL_STACK_ANON_KEY, supabaseSettings } from '../../../services/supabase/supabase-settings';

/** A Storage over a Map, like the browser's. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('settings defaults match what the local stack accepts', () => {
  it('the built-in anon key is the one the server derives from its local JWT secret', async () => {
    expect(LOCAL_STACK_ANON_KEY).toBe((await createApiKeys({ jwtSecret: LOCAL_JWT_SECRET })).anonKey);
  });

  it('the built-in RevenueCat public key is the emulator default', () => {
    expect(LOCAL_REVENUECAT_PUBLIC_KEY).toBe(REVENUECAT_LOCAL_PUBLIC_KEY);
  });

  it('defaults to the page origin; build variables win', () => {
    expect(supabaseSettings({}, 'http://localhost:3000')).toEqual({
      url: 'http://localhost:3000',
      anonKey: LOCAL_STACK_ANON_KEY,
      storageKey: 'sb-localhost-auth-token',
    });
    expect(supabaseSettings({ VITE_SUPABASE_URL: 'https://abcd.supabase.co', VITE_SUPABASE_ANON_KEY: 'anon' }, 'http://x')).toEqual({
      url: 'https://abcd.supabase.co',
      anonKey: 'anon',
      storageKey: 'sb-abcd-auth-token',
    });
    expect(receiptSettings({}, 'http://localhost:3000')).toEqual({ apiUrl: 'http://localhost:3000/revenuecat/v1', publicKey: LOCAL_REVENUECAT_PUBLIC_KEY });
    expect(receiptSettings({ VITE_REVENUECAT_API_URL: 'https://api.revenuecat.com/v1/', VITE_REVENUECAT_PUBLIC_KEY: 'rcb_x' }, 'http://x')).toEqual({
      apiUrl: 'https://api.revenuecat.com/v1',
      publicKey: 'rcb_x',
    });
  });
});

describe('hasStoredSession', () => {
  it('is true only for a stored session object with a refresh token', () => {
    const key = 'sb-localhost-auth-token';
    expect(hasStoredSession(memoryStorage(), key)).toBe(false);
    expect(hasStoredSession(memoryStorage({ [key]: '{"access_token":"a","refresh_token":"r"}' }), key)).toBe(true);
    expect(hasStoredSession(memoryStorage({ [key]: '{"access_token":"a"}' }), key)).toBe(false);
    expect(hasStoredSession(memoryStorage({ [key]: 'not json' }), key)).toBe(false);
    expect(hasStoredSession(memoryStorage({ other: '{"refresh_token":"r"}' }), key)).toBe(false);
    const throwing = { getItem: () => { throw new Error('SecurityError'); } };
    expect(hasStoredSession(throwing, key)).toBe(false);
  });
});

describe('RevenueCat receipt service', () => {
  const settings = { apiUrl: 'https://rc.example/v1', publicKey: 'rcb_public' };

  it('GETs the subscriber with JSON content type and the bearer public key, and parses the record', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      Response.json({
        request_date: '2026-01-01T00:00:00Z',
        subscriber: {
          entitlements: { premium: { expires_date: '2027-01-01T00:00:00Z', product_identifier: 'p' } },
          subscriptions: { p: { store: 'app_store', purchase_date: '2026-01-01T00:00:00Z', expires_date: '2027-01-01T00:00:00Z', is_sandbox: true } },
        },
      }),
    );
    const reportError = vi.fn();
    const record = await createRevenueCatReceiptService({ settings, fetch, reportError }).subscriber('user/1');
    expect(fetch).toHaveBeenCalledWith('https://rc.example/v1/subscribers/user%2F1', {
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer rcb_public' },
    });
    expect(record.subscriber?.entitlements?.premium?.expires_date).toBe('2027-01-01T00:00:00Z');
    expect(record.subscriber?.subscriptions?.p).toEqual({ store: 'app_store', purchase_date: '2026-01-01T00:00:00Z', expires_date: '2027-01-01T00:00:00Z' });
    expect(reportError).not.toHaveBeenCalled();
  });

  it('reports a not-ok answer as the spec words it and still parses the body', async () => {
    const fetch = vi.fn(async () => Response.json({ subscriber: { entitlements: {} }, code: 7225 }, { status: 500 }));
    const reportError = vi.fn();
    const record = await createRevenueCatReceiptService({ settings, fetch, reportError }).subscriber('u-9');
    expect(reportError).toHaveBeenCalledWith(new Error('getting or creating the customer failed for u-9'));
    expect(record).toEqual({ subscriber: { entitlements: {} } });
  });

  it('treats a body that is no subscriber record as no subscriber, reporting it', async () => {
    const reportError = vi.fn();
    const notJson = await createRevenueCatReceiptService({ settings, fetch: async () => new Response('<html>', { status: 502 }), reportError }).subscriber('u');
    expect(notJson).toEqual({});
    const wrongShape = await createRevenueCatReceiptService({ settings, fetch: async () => Response.json({ subscriber: 'x' }), reportError }).subscriber('u');
    expect(wrongShape).toEqual({});
    expect(reportError).toHaveBeenCalledTimes(3);
  });
});

describe('signed-in destination (the funnel-entry check)', () => {
  const future = { subscriber: { entitlements: { premium: { expires_date: '2030-01-01T00:00:00Z' } } } };
  const past = { subscriber: { entitlements: { premium: { expires_date: '2020-01-01T00:00:00Z' } } } };
  function harness(options: { mayHaveSession: boolean; user?: { id: string } | null; record?: object; fail?: boolean }) {
    const currentUser = vi.fn(async () => {
      if (options.fail) throw new Error('network');
      return options.user === undefined || options.user === null ? null : { id: options.user.id, email: 'a@example.com' };
    });
    const auth: Pick<AuthService, 'mayHaveSession' | 'currentUser'> = { mayHaveSession: () => options.mayHaveSession, currentUser };
    const subscriber = vi.fn(async () => options.record ?? {});
    const receipts: ReceiptService = { subscriber };
    const log = vi.fn();
    const check = createSignedInDestination({ auth: { ...unused, ...auth }, receipts, now: () => new Date('2026-06-01T00:00:00Z'), log });
    return { check, currentUser, subscriber, log };
  }

  it('asks nothing (no SDK) when no session is stored', async () => {
    const { check, currentUser, subscriber } = harness({ mayHaveSession: false });
    expect(await check()).toBeUndefined();
    expect(currentUser).not.toHaveBeenCalled();
    expect(subscriber).not.toHaveBeenCalled();
  });

  it('stays when the stored session turns out to be gone', async () => {
    const { check, subscriber } = harness({ mayHaveSession: true, user: null });
    expect(await check()).toBeUndefined();
    expect(subscriber).not.toHaveBeenCalled();
  });

  it('sends active subscribers to the account, everyone else signed in to checkout', async () => {
    expect(await harness({ mayHaveSession: true, user: { id: 'u' }, record: future }).check()).toBe('/account/subscription');
    expect(await harness({ mayHaveSession: true, user: { id: 'u' }, record: past }).check()).toBe('/checkout/plans');
    expect(await harness({ mayHaveSession: true, user: { id: 'u' }, record: {} }).check()).toBe('/checkout/plans');
  });

  it('keeps the visitor in the funnel when the lookup fails, logging it', async () => {
    const { check, log } = harness({ mayHaveSession: true, fail: true });
    expect(await check()).toBeUndefined();
    expect(log).toHaveBeenCalledOnce();
  });
});

const unused: AuthService = {
  mayHaveSession: () => false,
  currentUser: async () => null,
  signUp: async () => ({ error: { message: 'unused', code: undefined } }),
  confirmEmail: async () => ({ error: { message: 'unused', code: undefined } }),
  signIn: async () => ({ error: { message: 'unused', code: undefined } }),
  signOut: async () => {},
  requestPasswordReset: async () => undefined,
  updatePassword: async () => undefined,
};

describe('sign-up cache (session storage)', () => {
  it('keeps the password until cleared and caches e-mail and id', () => {
    const session = memoryStorage();
    const cache = sessionSignUpCache(session, () => {});
    expect(cache.storedPassword()).toBeUndefined();
    cache.persistPassword('secret1');
    expect(session.getItem('password')).toBe('secret1');
    cache.clearPassword();
    expect(session.getItem('password')).toBeNull();
    cache.cacheIdentity({ userId: 'u-1', email: 'a@example.com' });
    expect({ email: session.getItem('email'), id: session.getItem('id') }).toEqual({ email: 'a@example.com', id: 'u-1' });
    expect(cache.storedEmail()).toBe('a@example.com');
  });

  it('logs and carries on when storage is unavailable', () => {
    const log = vi.fn();
    const broken = memoryStorage();
    broken.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const cache = sessionSignUpCache(broken, log);
    expect(() => cache.persistPassword('secret1')).not.toThrow();
    expect(log).toHaveBeenCalledOnce();
  });
});
