import type { FunctionHandler } from '../_shared/function-handler.ts';
import { handleWebSubscriptionRequest } from '../_shared/web-subscription-requests.ts';

/**
 * cancel-revenuecat-subscriptions `{type?: 'all' | 'web'}` -> the four counts: the caller's web
 * (Stripe) subscriptions stop renewing (`cancel_at_period_end`, the paid period is kept); with `all`
 * the answer also counts the App Store and Play Store subscriptions the user must cancel in the store.
 */
export const handler: FunctionHandler = (request, deps) => handleWebSubscriptionRequest(request, deps, 'cancel');

// The confirmation e-mail is sent once per subscription: public.customer_emails, written with the service role.
export const needsServiceRole = true;
