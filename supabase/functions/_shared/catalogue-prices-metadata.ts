/**
 * The metadata key `npm run stripe:sync` writes on each coupon of config/stripe-catalogue.yaml: the
 * lookup keys of the prices it may be used with, comma-separated. Coupons made any other way (a
 * support agent's 100 % coupon in the dashboard) do not carry it and cannot be redeemed at checkout.
 * A file of its own so the stack's start-up reads it without loading the Stripe SDK.
 */
export const CATALOGUE_PRICES_METADATA = 'catalogue_prices';
