import type { FunctionHandler } from '../_shared/function-handler.ts';
import { handleWebSubscriptionRequest } from '../_shared/web-subscription-requests.ts';

/**
 * refund-revenuecat-subscriptions `{type?: 'all' | 'web'}` -> the four counts: each of the caller's
 * web (Stripe) subscriptions has its latest payment refunded and ends at once when the payment is
 * inside the refund policy's window (REFUND_WINDOW_DAYS), and otherwise stops renewing without a
 * refund; with `all` the answer also counts the store subscriptions only the stores can refund.
 */
export const handler: FunctionHandler = (request, deps) => handleWebSubscriptionRequest(request, deps, 'refund');

// The confirmation e-mail is sent once per subscription: public.customer_emails, written with the service role.
export const needsServiceRole = true;
