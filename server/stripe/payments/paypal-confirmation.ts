import type Stripe from 'stripe';
import type { StripeOps } from '../stripe-context';
import { stripeId } from '../stripe-id';
import type { Wire } from '../wire';
import { paypalRedirectAction } from './paypal-redirect-action';

type WirePaymentIntent = Wire<Stripe.PaymentIntent>;
type WirePaymentMethod = Wire<Stripe.PaymentMethod>;

/**
 * Confirming with PayPal (`payment_method_data[type]=paypal`), as Stripe does: a PayPal PaymentMethod,
 * and the PaymentIntent waits (`requires_action`) while the visitor approves on the redirect page. The
 * approval page answers through `_authenticate` (authenticatePaymentIntent): approved, the payment is
 * charged; declined, the PaymentIntent goes back to `requires_payment_method`.
 *
 * The confirm route calls it for `type=paypal` when the PaymentIntent lists paypal in
 * `payment_method_types` (with `return_url` required, and the caller's `key` for the approval page).
 */
export async function confirmWithPaypal(
  ops: StripeOps,
  current: WirePaymentIntent,
  input: { readonly returnUrl: string; readonly publishableKey: string; readonly clientSecret: string; readonly email: string | null },
): Promise<{ readonly intent: WirePaymentIntent }> {
  const method: WirePaymentMethod = {
    id: stripeId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: input.email, name: null, phone: null, tax_id: null },
    created: ops.now(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    paypal: { country: null, payer_email: input.email, payer_id: null },
    type: 'paypal',
  };
  await ops.store.put('payment_method', method);
  const waiting: WirePaymentIntent = {
    ...current,
    payment_method: method.id,
    last_payment_error: null,
    status: 'requires_action',
    next_action: paypalRedirectAction({ clientSecret: input.clientSecret, publishableKey: input.publishableKey, returnUrl: input.returnUrl }),
  };
  await ops.store.put('payment_intent', waiting);
  await ops.emit('payment_intent.requires_action', waiting);
  return { intent: waiting };
}
