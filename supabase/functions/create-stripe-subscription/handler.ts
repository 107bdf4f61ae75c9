import type Stripe from 'stripe';
import { z } from 'zod';
import type { FunctionHandler } from '../_shared/function-handler.ts';
import { functionError, readBody } from '../_shared/function-response.ts';
import { findOrCreateCustomer } from '../_shared/stripe-customer.ts';
import { isMissingResource, stripeErrorResponse } from '../_shared/stripe-error-response.ts';

const body = z.object({
  couponId: z.string().min(1).nullish(),
  currency: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, 'a three-letter currency code')
    .transform((currency) => currency.toLowerCase()),
  email: z.email().nullish(),
  priceId: z.string().min(1),
});

/** Statuses in which the user already has (or still owes for) a subscription: a second one is refused. */
const SUBSCRIBED: ReadonlySet<Stripe.Subscription.Status> = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

const EXPAND = ['latest_invoice.confirmation_secret', 'latest_invoice.payments'];

/** `card,paypal` -> ['card', 'paypal']; unset or empty -> undefined. */
function listSetting(value: string | undefined): string[] | undefined {
  const items = (value ?? '').split(',').map((item) => item.trim()).filter((item) => item !== '');
  return items.length === 0 ? undefined : items;
}

function priceIdOf(subscription: Stripe.Subscription): string | undefined {
  return subscription.items.data[0]?.price.id;
}

/** The answer the checkout reads (spec, section 7). */
function created(subscription: Stripe.Subscription): Response {
  const invoice = subscription.latest_invoice;
  if (invoice === null || typeof invoice === 'string') throw new Error(`Subscription ${subscription.id} came back without its expanded latest invoice`);
  return Response.json({
    data: {
      // null when nothing is due now (a 100 % coupon): there is no payment to confirm.
      clientSecret: invoice.confirmation_secret?.client_secret ?? null,
      subscriptionId: subscription.id,
      invoiceSubtotal: invoice.subtotal,
      invoiceCurrency: invoice.currency,
    },
  });
}

/**
 * create-stripe-subscription `{couponId?, currency, email, priceId}` -> `{data: {clientSecret,
 * subscriptionId, invoiceSubtotal, invoiceCurrency}}`: an incomplete subscription for the caller's
 * customer, paid in the browser with the client secret. Idempotent: a repeated submit gets the same
 * incomplete subscription back, concurrent submits create one (same Idempotency-Key), and a caller who
 * already has a live subscription is refused (409 `already_subscribed`).
 */
export const handler: FunctionHandler = async (request, { stripe, serviceDb, user, env }) => {
  const parsed = await readBody(request, body);
  if (parsed instanceof Response) return parsed;
  if (serviceDb === undefined) throw new Error('create-stripe-subscription needs the service role (needsServiceRole)');
  const { priceId, currency } = parsed;
  const paymentMethodTypes = listSetting(env('STRIPE_PAYMENT_METHOD_TYPES'));
  const couponId = parsed.couponId ?? null;
  // The account's e-mail is the one Stripe sends receipts to; the body's is only a fallback for
  // accounts without one (a JWT cannot be made to carry someone else's address, a body can).
  const email = user.email ?? parsed.email;
  if (email === null || email === undefined) return functionError(400, 'invalid_request', 'email: required for an account without an e-mail address');

  try {
    let price: Stripe.Price;
    try {
      price = await stripe.prices.retrieve(priceId, { expand: ['currency_options'] });
    } catch (error) {
      if (isMissingResource(error)) return functionError(400, 'invalid_price', `No such price: ${priceId}`);
      throw error;
    }
    if (!price.active || price.type !== 'recurring') return functionError(400, 'invalid_price', `Price ${priceId} is not an active subscription price`);
    if (price.currency !== currency && price.currency_options?.[currency] === undefined) {
      return functionError(400, 'unsupported_currency', `Price ${priceId} has no amount in ${currency}`);
    }

    const customerId = await findOrCreateCustomer(stripe, serviceDb, user, email);
    const subscriptions: Stripe.Subscription[] = [];
    for await (const subscription of stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) subscriptions.push(subscription);

    const live = subscriptions.find((subscription) => SUBSCRIBED.has(subscription.status));
    if (live !== undefined) return functionError(409, 'already_subscribed', `You already have a subscription (${live.id})`);

    const couponOf = (subscription: Stripe.Subscription) => subscription.metadata.coupon_id ?? null;
    const pending = subscriptions.find(
      (subscription) =>
        subscription.status === 'incomplete' && priceIdOf(subscription) === priceId && subscription.currency === currency && couponOf(subscription) === couponId,
    );
    if (pending !== undefined) return created(await stripe.subscriptions.retrieve(pending.id, { expand: EXPAND }));

    // Concurrent submits saw the same list, so they derive the same key and Stripe creates one
    // subscription; once that one ends (expired, canceled) the count moves and a new purchase gets a new key.
    const idempotencyKey = `subscription-${customerId}-${priceId}-${currency}-${couponId ?? 'none'}-${subscriptions.length}`;
    const subscription = await stripe.subscriptions.create(
      {
        customer: customerId,
        items: [{ price: priceId }],
        currency,
        payment_behavior: 'default_incomplete',
        // STRIPE_PAYMENT_METHOD_TYPES (e.g. `card,paypal`) when set; unset, the account's payment-method
        // settings decide (cards, PayPal, wallets where enabled), as Stripe recommends for the Payment Element.
        payment_settings: {
          save_default_payment_method: 'on_subscription',
          ...(paymentMethodTypes === undefined ? {} : { payment_method_types: paymentMethodTypes }),
        },
        ...(couponId === null ? {} : { discounts: [{ coupon: couponId }] }),
        metadata: { user_id: user.id, ...(couponId === null ? {} : { coupon_id: couponId }) },
        expand: EXPAND,
      },
      { idempotencyKey },
    );
    return created(subscription);
  } catch (error) {
    return stripeErrorResponse(error);
  }
};

export const needsServiceRole = true;
