import { describe, expect, it } from 'vitest';
import type { VisitorLocation } from '../../../services/location/location-service';
import { createSessionLocationService } from '../../../services/location/session-location-service';
import { createProductApiClient } from '../../../services/product-api/product-api-client';
import { productApiBaseUrl } from '../../../services/product-api/product-api-settings';
import { memoryStorage, refusingStorage } from '../fixtures/memory-storage';

const stockholm: VisitorLocation = { city: 'Stockholm', countryCode: 'SE', currency: 'sek', zipCode: '111 20' };

describe('the session location service', () => {
  it('looks the location up once, shares the request, and caches it under the spec keys', async () => {
    let lookups = 0;
    const session = memoryStorage();
    const service = createSessionLocationService({ lookUp: () => Promise.resolve(stockholm).finally(() => (lookups += 1)), session, log: () => {} });
    const [first, second] = await Promise.all([service.location(), service.location()]);
    expect(first).toEqual(stockholm);
    expect(second).toEqual(stockholm);
    expect(lookups).toBe(1);
    expect(Object.fromEntries(session.items)).toEqual({ city: 'Stockholm', countrycode: 'SE', currency: 'sek', zipcode: '111 20' });
    // Another service over the same session storage (a reload): no new lookup.
    const afterReload = createSessionLocationService({ lookUp: () => Promise.reject(new Error('must not be called')), session, log: () => {} });
    expect(await afterReload.location()).toEqual(stockholm);
  });

  it('does not store unknown values, and reads a cached currency lowercased', async () => {
    const session = memoryStorage({ city: 'old city' });
    const service = createSessionLocationService({ lookUp: () => Promise.resolve({ city: null, countryCode: null, currency: 'eur', zipCode: null }), session, log: () => {} });
    await service.location();
    expect(Object.fromEntries(session.items)).toEqual({ currency: 'eur' });
    const cached = createSessionLocationService({ lookUp: () => Promise.reject(new Error('unused')), session: memoryStorage({ currency: ' SEK ', countrycode: 'SE' }), log: () => {} });
    expect(await cached.location()).toEqual({ city: null, countryCode: 'SE', currency: 'sek', zipCode: null });
  });

  it('a cached value that is no currency code is looked up again', async () => {
    const session = memoryStorage({ currency: 'euro' });
    const service = createSessionLocationService({ lookUp: () => Promise.resolve(stockholm), session, log: () => {} });
    expect((await service.location()).currency).toBe('sek');
  });

  it('a failed lookup answers eur without caching it, and the next call tries again', async () => {
    const logs: string[] = [];
    const session = memoryStorage();
    let fail = true;
    const service = createSessionLocationService({
      lookUp: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(stockholm)),
      session,
      log: (message) => void logs.push(message),
    });
    expect(await service.location()).toEqual({ city: null, countryCode: null, currency: 'eur', zipCode: null });
    expect(session.items.size).toBe(0);
    expect(logs).toEqual(['Geolocation lookup failed; prices fall back to eur']);
    fail = false;
    expect(await service.location()).toEqual(stockholm);
  });

  it('works without session storage (looked up each time, logged)', async () => {
    const logs: string[] = [];
    const service = createSessionLocationService({ lookUp: () => Promise.resolve(stockholm), session: refusingStorage, log: (message) => void logs.push(message) });
    expect(await service.location()).toEqual(stockholm);
    expect(logs).toEqual(['Session storage unavailable', 'Could not cache the location for this session']);
  });
});

describe('the product API client', () => {
  type Call = { readonly url: string; readonly init: RequestInit | undefined };
  const client = (answer: () => Promise<Response>) => {
    const calls: Call[] = [];
    const reported: unknown[] = [];
    const api = createProductApiClient({
      baseUrl: 'https://shop.example/api/v1',
      fetch: (input, init) => {
        calls.push({ url: input instanceof Request ? input.url : String(input), init });
        return answer();
      },
      reportError: (error) => void reported.push(error),
    });
    return { api, calls, reported };
  };
  const request = { countryCode: 'SE', currency: 'sek', grossAmount: 10999, paymentMethodType: 'card' };

  it('reads the geolocation answer, currency lowercased; rejects an answer of another shape', async () => {
    const { api, calls } = client(() => Promise.resolve(Response.json({ city: 'Malmö', countrycode: 'SE', currency: 'SEK', zipcode: null })));
    expect(await api.geolocation()).toEqual({ city: 'Malmö', countryCode: 'SE', currency: 'sek', zipCode: null });
    expect(calls[0]?.url).toBe('https://shop.example/api/v1/geolocation');
    await expect(client(() => Promise.resolve(Response.json({ country: 'SE' }))).api.geolocation()).rejects.toThrow();
    await expect(client(() => Promise.resolve(new Response('down', { status: 503 }))).api.geolocation()).rejects.toThrow('GET geolocation answered 503');
  });

  it('posts the four fields and returns net_amount', async () => {
    const { api, calls, reported } = client(() => Promise.resolve(Response.json({ net_amount: 8348 })));
    expect(await api.netAmount(request)).toBe(8348);
    expect(calls[0]?.url).toBe('https://shop.example/api/v1/net_amounts');
    expect(calls[0]?.init?.method).toBe('POST');
    const body = calls[0]?.init?.body;
    expect(typeof body === 'string' ? JSON.parse(body) : body).toEqual({ country_code: 'SE', currency: 'sek', gross_amount: 10999, payment_method_type: 'card' });
    expect(reported).toEqual([]);
  });

  it('on failure reports an error naming the four values and returns undefined', async () => {
    const failures: readonly (() => Promise<Response>)[] = [
      () => Promise.resolve(Response.json({ code: 'invalid_request', message: 'payment_method_type "x" has no fee' }, { status: 400 })),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(Response.json({ net: 1 })),
    ];
    for (const failure of failures) {
      const { api, reported } = client(failure);
      expect(await api.netAmount(request)).toBeUndefined();
      expect(reported).toHaveLength(1);
      expect(String(reported[0])).toContain('Net amount failed for country SE, currency sek, gross amount 10999, payment method type card');
    }
  });

  it('without a known country asks nothing and reports the four values like any failure', async () => {
    const { api, calls, reported } = client(() => Promise.resolve(Response.json({ net_amount: 1 })));
    expect(await api.netAmount({ ...request, countryCode: null })).toBeUndefined();
    expect(calls).toEqual([]);
    expect(reported.map(String)).toEqual(['Error: Net amount failed for country (unknown), currency sek, gross amount 10999, payment method type card']);
  });

  it('the base URL is this origin\'s /api/v1 unless configured', () => {
    expect(productApiBaseUrl({}, 'http://localhost:3000')).toBe('http://localhost:3000/api/v1');
    expect(productApiBaseUrl({ VITE_PRODUCT_API_URL: 'https://api.example/api/v1/' }, 'http://localhost:3000')).toBe('https://api.example/api/v1');
  });
});
