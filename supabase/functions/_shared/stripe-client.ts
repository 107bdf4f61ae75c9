import Stripe from 'stripe';

/**
 * The one way functions (and the RevenueCat emulator) build a `stripe` SDK client. Configured by
 * STRIPE_SECRET_KEY and STRIPE_API_URL: unset means Stripe itself (api.stripe.com, what a deployed
 * Edge Function uses); the local stack sets it to its own URL, where the Stripe emulator answers /v1/*.
 * The SDK's fetch client is used everywhere (Deno has no Node http), and on the local stack that fetch
 * answers the emulator in-process.
 */
export interface StripeClientOptions {
  readonly secretKey: string;
  /** e.g. http://localhost:3000; undefined = https://api.stripe.com. */
  readonly apiUrl?: string | undefined;
  readonly fetch?: typeof fetch;
}

export const STRIPE_API_URL = 'https://api.stripe.com';

export function createStripeClient(options: StripeClientOptions): Stripe {
  const url = new URL(options.apiUrl ?? STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(options.secretKey, {
    host: url.hostname,
    port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port),
    protocol,
    httpClient: Stripe.createFetchHttpClient(options.fetch),
    // No telemetry header: it would describe this process's requests to Stripe for nothing.
    telemetry: false,
  });
}
