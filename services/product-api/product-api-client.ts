import { z } from 'zod/mini';
import type { VisitorLocation } from '../location/location-service';

/** The four values of a net-amount request (spec section 3, "Net-amount request"). */
export interface NetAmountRequest {
  /** ISO 3166-1 alpha-2, e.g. SE; null when the visitor's country is unknown (no net amount then). */
  readonly countryCode: string | null;
  /** ISO 4217, lowercase. */
  readonly currency: string;
  /** What was paid, VAT included, in the currency's minor units (the PaymentIntent's amount). */
  readonly grossAmount: number;
  /** Stripe's payment method type, e.g. card or paypal. */
  readonly paymentMethodType: string;
}

export interface ProductApiClient {
  /** GET geolocation; rejects when the call fails or answers something else. */
  geolocation(): Promise<VisitorLocation>;
  /**
   * POST net_amounts -> net_amount (minor units). On any failure an error naming the four values is
   * reported and undefined comes back: nothing is shown to the visitor (spec section 8).
   */
  netAmount(request: NetAmountRequest): Promise<number | undefined>;
}

export interface ProductApiDeps {
  /** e.g. https://example.com/api/v1 (product-api-settings.ts). */
  readonly baseUrl: string;
  readonly fetch: typeof fetch;
  readonly reportError: (error: unknown) => void;
}

const nullableText = z.nullable(z.string());
const geolocationAnswer = z.object({ city: nullableText, countrycode: nullableText, currency: z.string(), zipcode: nullableText });
const netAmountAnswer = z.object({ net_amount: z.number() });

/** The product API's two calls of the spec (section 7: Geolocation, Net amount). */
export function createProductApiClient({ baseUrl, fetch, reportError }: ProductApiDeps): ProductApiClient {
  return {
    async geolocation() {
      const response = await fetch(`${baseUrl}/geolocation`, { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`GET geolocation answered ${response.status}`);
      const answer = geolocationAnswer.parse(await response.json());
      return { city: answer.city, countryCode: answer.countrycode, currency: answer.currency.toLowerCase(), zipCode: answer.zipcode };
    },

    async netAmount(request) {
      try {
        // Without a country there is no VAT rate: a failure like any other, reported, no request.
        if (request.countryCode === null) throw new Error('the visitor\'s country is unknown');
        const response = await fetch(`${baseUrl}/net_amounts`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({
            country_code: request.countryCode,
            currency: request.currency,
            gross_amount: request.grossAmount,
            payment_method_type: request.paymentMethodType,
          }),
        });
        if (!response.ok) throw new Error(`answered ${response.status}: ${await response.text()}`);
        return netAmountAnswer.parse(await response.json()).net_amount;
      } catch (cause) {
        reportError(
          new Error(
            `Net amount failed for country ${request.countryCode ?? '(unknown)'}, currency ${request.currency}, gross amount ${request.grossAmount}, payment method type ${request.paymentMethodType}`,
            { cause },
          ),
        );
        return undefined;
      }
    },
  };
}
