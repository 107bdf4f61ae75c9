import type Stripe from 'stripe';
import { z } from 'zod';
import type { FunctionHandler } from '../_shared/function-handler.ts';
import { functionError, readBody } from '../_shared/function-response.ts';
import { couponRefusal } from '../_shared/catalogue-coupon.ts';
import { cancelIfRunning, refundSecondPayment } from '../_shared/refund-second-payment.ts';
import { readCheckoutChain, recordCheckout } from '../_shared/stripe-checkouts.ts';
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

/** Two tabs may keep moving the chain; after this many lost races the caller is asked to try again. */
const ATTEMPTS = 3;

/**
 * create-stripe-subscription `{couponId?, currency, email, priceId}` -> `{data: {clientSecret,
 * subscriptionId, invoiceSubtotal, invoiceCurrency}}`: an incomplete subscription for the caller's
 * customer, paid in the browser with the client secret. A user has at most one open web subscription
 * (public.stripe_checkouts, _shared/stripe-checkouts.ts): a repeated submit gets the same incomplete
 * subscription back, a checkout with other terms (plan, currency, coupon) replaces the open one, which
 * is canceled so its payment can no longer be confirmed, and a caller whose subscription is live is
 * refused (409 `already_subscribed`). A coupon must come from the catalogue and name the price (400
 * `invalid_coupon`).
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
    if (couponId !== null) {
      const refusal = await couponRefusal(stripe, couponId, price);
      if (refusal !== undefined) return functionError(400, 'invalid_coupon', refusal);
    }

    const customerId = await findOrCreateCustomer(stripe, serviceDb, user, email);
    // Subscriptions outside the chain (made before it existed, or elsewhere on the account) count too.
    for await (const subscription of stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
      if (SUBSCRIBED.has(subscription.status)) return functionError(409, 'already_subscribed', `You already have a subscription (${subscription.id})`);
    }

    const sameTerms = (subscription: Stripe.Subscription) =>
      priceIdOf(subscription) === priceId && subscription.currency === currency && (subscription.metadata.coupon_id ?? null) === couponId;

    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const { head } = await readCheckoutChain(serviceDb, user.id);
      let headUnpaid = false;
      if (head !== undefined) {
        const open = await stripe.subscriptions.retrieve(head, { expand: EXPAND });
        if (SUBSCRIBED.has(open.status)) return functionError(409, 'already_subscribed', `You already have a subscription (${open.id})`);
        if (open.status === 'incomplete' && sameTerms(open)) return created(open);
        headUnpaid = open.status === 'incomplete';
      }

      // Identical concurrent submits saw the same head, so they send the same key and Stripe creates
      // one subscription; after a replacement the head moved, and a new checkout gets a new key.
      const idempotencyKey = `subscription-${customerId}-${priceId}-${currency}-${couponId ?? 'none'}-after-${head ?? 'none'}`;
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

      if (await recordCheckout(serviceDb, { userId: user.id, subscriptionId: subscription.id, replaces: head, replacedUnpaid: headUnpaid })) {
        // The replaced checkout's payment can no longer be confirmed; paid in the meantime, it is refunded.
        if (head !== undefined && headUnpaid) await refundSecondPayment(stripe, head, user.id);
        return created(subscription);
      }
      const now = await readCheckoutChain(serviceDb, user.id);
      if (now.head === subscription.id) return created(subscription);
      // Another request recorded its checkout first: this subscription was never handed out, end it.
      if (!now.rows.some((row) => row.subscription_id === subscription.id)) await cancelIfRunning(stripe, subscription.id);
    }
    return functionError(409, 'checkout_changed', 'Another checkout was started at the same time; please try again');
  } catch (error) {
    return stripeErrorResponse(error);
  }
};

export const needsServiceRole = true;
