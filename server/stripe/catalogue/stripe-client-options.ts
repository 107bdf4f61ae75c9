import type Stripe from 'stripe';

/**
 * SDK options for an API base URL: Stripe itself when undefined, otherwise `{host, port, protocol}`
 * (the local stack's emulator is `http://localhost:3000`).
 */
export function stripeClientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (apiUrl === undefined) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port);
  return { host: url.hostname, port, protocol };
}
