import type { StripeOps } from '../stripe-context';
import { stripeId } from '../stripe-id';
import type { WirePaymentMethod } from './card-payment-methods';

/** A PayPal PaymentMethod for a browser confirm; approval happens on the local approval page. */
export async function createPaypalPaymentMethod(ops: StripeOps): Promise<WirePaymentMethod> {
  const method: WirePaymentMethod = {
    id: stripeId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: 'buyer@example.com', name: 'Local PayPal buyer', phone: null, tax_id: null },
    created: ops.now(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    paypal: { country: 'US', payer_email: 'buyer@example.com', payer_id: stripeId('x', 13).slice(2).toUpperCase() },
    type: 'paypal',
  };
  await ops.store.put('payment_method', method);
  return method;
}
