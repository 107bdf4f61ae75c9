/**
 * The product the checkout sells (spec: list-stripe-prices takes "one fixed product"): the id of
 * config/stripe-catalogue.yaml, which the local stack seeds and `npm run stripe:sync` pushes; a unit
 * test holds the two equal. `VITE_STRIPE_PRODUCT_ID` overrides it for an account whose product id differs.
 */
export const CATALOGUE_PRODUCT_ID = 'prod_nutrition_premium';

export interface CheckoutEnv {
  readonly VITE_STRIPE_PRODUCT_ID?: string | undefined;
}

export interface CheckoutSettings {
  readonly productId: string;
}

export function checkoutSettings(env: CheckoutEnv): CheckoutSettings {
  const configured = env.VITE_STRIPE_PRODUCT_ID?.trim();
  return { productId: configured ? configured : CATALOGUE_PRODUCT_ID };
}
