import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../server/config';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

// The product API under /api/v1 as the browser calls it: geolocation from the CDN's headers (the
// configured default without them) and net amounts from the VAT table, the fee table and fx_rates.
describe('product API: /api/v1/geolocation and /api/v1/net_amounts', () => {
  let server: TestServer;
  let swissDefault: TestServer;

  beforeAll(async () => {
    [server, swissDefault] = await Promise.all([
      startTestServer(),
      startTestServer({ env: { GEO_DEFAULT_COUNTRY: 'ch', GEO_DEFAULT_CITY: 'Bern', GEO_DEFAULT_ZIPCODE: '3000' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server.close(), swissDefault.close()]);
  });

  const geolocation = (target: TestServer, headers: Record<string, string> = {}): Promise<Response> => fetch(`${target.url}/api/v1/geolocation`, { headers });
  const netAmounts = (body: unknown): Promise<Response> =>
    fetch(`${server.url}/api/v1/net_amounts`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

  it('answers the location of the CDN headers, never cached by a shared cache', async () => {
    const response = await geolocation(server, { 'CF-IPCountry': 'SE', 'CF-IPCity': 'Göteborg'.normalize(), 'CF-Postal-Code': '411 01' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({ city: 'Göteborg', countrycode: 'SE', currency: 'sek', zipcode: '411 01' });
    expect(await (await geolocation(server, { 'X-Vercel-IP-Country': 'US', 'X-Vercel-IP-City': 'San%20Francisco', 'X-Vercel-IP-Postal-Code': '94105' })).json()).toEqual({
      city: 'San Francisco',
      countrycode: 'US',
      currency: 'usd',
      zipcode: '94105',
    });
  });

  it('answers the configured default without headers: DE and eur unless configured otherwise', async () => {
    expect(await (await geolocation(server)).json()).toEqual({ city: null, countrycode: 'DE', currency: 'eur', zipcode: null });
    expect(await (await geolocation(swissDefault)).json()).toEqual({ city: 'Bern', countrycode: 'CH', currency: 'chf', zipcode: '3000' });
    expect(await (await geolocation(swissDefault, { 'CF-IPCountry': 'XX' })).json()).toEqual({ city: 'Bern', countrycode: 'CH', currency: 'chf', zipcode: '3000' });
  });

  it('refuses a default country that is no country at start-up', () => {
    expect(() => loadServerConfig({ GEO_DEFAULT_COUNTRY: 'Germany' })).toThrow(/GEO_DEFAULT_COUNTRY must be an ISO 3166-1 alpha-2 country code/);
  });

  it('answers the net amount: gross minus the country VAT minus the payment method fee', async () => {
    // 109.99 SEK by card in Sweden: 87.99 without 25 % VAT; fee 1.5 % (1.65) + 25 euro cents at the
    // seeded 11.45 (2.86) -> 83.48.
    const sweden = await netAmounts({ country_code: 'SE', currency: 'sek', gross_amount: 10999, payment_method_type: 'card' });
    expect(sweden.status).toBe(200);
    expect(await sweden.json()).toEqual({ net_amount: 8348 });
    // 9.99 EUR by PayPal in Germany: 8.39 without 19 % VAT; fee 3.49 % (0.35) + 0.35 -> 7.70.
    expect(await (await netAmounts({ country_code: 'de', currency: 'EUR', gross_amount: 999, payment_method_type: 'paypal' })).json()).toEqual({ net_amount: 770 });
    // 10.99 USD by card in the United States: no national VAT; 0.16 + 25 euro cents at 1.085 (0.27).
    expect(await (await netAmounts({ country_code: 'US', currency: 'usd', gross_amount: 1099, payment_method_type: 'card' })).json()).toEqual({ net_amount: 1056 });
  });

  it('answers 400 with a message that says what is wrong', async () => {
    const cases: readonly [unknown, RegExp][] = [
      [{ country_code: 'XX', currency: 'eur', gross_amount: 999, payment_method_type: 'card' }, /country_code "XX" is not an ISO 3166-1 alpha-2 country code/],
      [{ country_code: 'DE', currency: 'euro', gross_amount: 999, payment_method_type: 'card' }, /currency "euro" is not an ISO 4217 currency code/],
      [{ country_code: 'DE', currency: 'eur', gross_amount: 9.99, payment_method_type: 'card' }, /gross_amount must be a whole number of the currency's minor units/],
      [{ country_code: 'DE', currency: 'eur', gross_amount: -1, payment_method_type: 'card' }, /gross_amount must be 0 or more/],
      [{ country_code: 'DE', currency: 'eur', gross_amount: '999', payment_method_type: 'card' }, /gross_amount is required: a number/],
      [{ country_code: 'DE', currency: 'eur', gross_amount: 999, payment_method_type: 'sepa_debit' }, /payment_method_type "sepa_debit" has no fee in config\/payment-fees\.yaml \(known: card, /],
      [{ country_code: 'DE', currency: 'xyz', gross_amount: 999, payment_method_type: 'card' }, /currency "xyz" has no rate in the latest fx_rates row/],
      [{}, /country_code is required.*currency is required.*gross_amount is required.*payment_method_type is required/],
    ];
    for (const [body, message] of cases) {
      const response = await netAmounts(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json(), JSON.stringify(body)).toEqual({ code: 'invalid_request', message: expect.stringMatching(message) });
    }
    const malformed = await netAmounts('{"country_code":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'bad_json' });
  });
});
