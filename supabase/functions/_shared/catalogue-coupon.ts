import type Stripe from 'stripe';
import { CATALOGUE_PRICES_METADATA } from './catalogue-prices-metadata.ts';
import { isMissingResource } from './stripe-error-response.ts';

/**
 * Why the coupon may not be used with the price, or undefined when it may: it must exist, still be
 * redeemable and come from the catalogue naming this price (docs/decisions/0101-catalogue-coupons.md).
 */
export async function couponRefusal(stripe: Stripe, couponId: string, price: Stripe.Price): Promise<string | undefined> {
  let coupon: Stripe.Coupon;
  try {
    coupon = await stripe.coupons.retrieve(couponId);
  } catch (error) {
    if (isMissingResource(error)) return `No such coupon: ${couponId}`;
    throw error;
  }
  const allowed = (coupon.metadata?.[CATALOGUE_PRICES_METADATA] ?? '').split(',').map((key) => key.trim());
  if (price.lookup_key === null || !allowed.includes(price.lookup_key)) return `Coupon ${couponId} cannot be used with this plan`;
  if (!coupon.valid) return `Coupon ${couponId} can no longer be redeemed`;
  return undefined;
}
