import Stripe from 'stripe';
import { functionError } from './function-response.ts';

/**
 * What a function answers when a Stripe call fails because of the caller's input (an unknown coupon,
 * a declined card): Stripe's status, code and message. Anything else (authentication, rate limits,
 * Stripe being down) is the function's own failure and is rethrown, so the runner answers 500.
 */
export function stripeErrorResponse(error: unknown): Response {
  if (error instanceof Stripe.errors.StripeCardError) {
    return functionError(402, error.code ?? 'card_error', error.message);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode !== undefined && error.statusCode < 500) {
    const status = error.code === 'resource_missing' ? 404 : 400;
    return functionError(status, error.code ?? 'invalid_request', error.message);
  }
  throw error;
}

/** True for Stripe's 404 (`resource_missing`): an id that does not exist on this account. */
export function isMissingResource(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'resource_missing' || error.statusCode === 404);
}
