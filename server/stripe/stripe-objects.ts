import type Stripe from 'stripe';
import type { Wire } from './wire';

/** A stored event: the SDK's EventBase with the object it carries kept as JSON. */
export interface StoredEvent extends Omit<Wire<Stripe.EventBase>, 'data'> {
  readonly data: { readonly object: Readonly<Record<string, unknown>>; readonly previous_attributes?: Readonly<Record<string, unknown>> };
}

/** A webhook endpoint as stored: its signing secret is kept but only shown when it is created. */
export type StoredWebhookEndpoint = Wire<Stripe.WebhookEndpoint> & { readonly secret: string };

/**
 * Every kind of object the emulator stores, keyed by its `object` value, typed with the SDK's own
 * types (as they travel on the wire).
 */
export interface StripeObjectTypes {
  product: Wire<Stripe.Product>;
  price: Wire<Stripe.Price>;
  customer: Wire<Stripe.Customer>;
  coupon: Wire<Stripe.Coupon>;
  discount: Wire<Stripe.Discount>;
  payment_method: Wire<Stripe.PaymentMethod>;
  payment_intent: Wire<Stripe.PaymentIntent>;
  charge: Wire<Stripe.Charge>;
  refund: Wire<Stripe.Refund>;
  invoice: Wire<Stripe.Invoice>;
  invoice_payment: Wire<Stripe.InvoicePayment>;
  subscription: Wire<Stripe.Subscription>;
  subscription_schedule: Wire<Stripe.SubscriptionSchedule>;
  event: StoredEvent;
  webhook_endpoint: StoredWebhookEndpoint;
  'test_helpers.test_clock': Wire<Stripe.TestHelpers.TestClock>;
}

export type StripeObjectKind = keyof StripeObjectTypes;

/** The noun Stripe uses in "No such <noun>: 'id'". */
export const objectNouns: Readonly<Record<StripeObjectKind, string>> = {
  product: 'product',
  price: 'price',
  customer: 'customer',
  coupon: 'coupon',
  discount: 'discount',
  payment_method: 'PaymentMethod',
  payment_intent: 'payment_intent',
  charge: 'charge',
  refund: 'refund',
  invoice: 'invoice',
  invoice_payment: 'invoice_payment',
  subscription: 'subscription',
  subscription_schedule: 'subscription schedule',
  event: 'event',
  webhook_endpoint: 'webhook endpoint',
  'test_helpers.test_clock': 'test clock',
};

/** Id prefixes (STRIPE.md 1.3), used to expand a string field into the object it names. */
export const idPrefixes: Readonly<Record<string, StripeObjectKind>> = {
  prod: 'product',
  price: 'price',
  cus: 'customer',
  pm: 'payment_method',
  pi: 'payment_intent',
  ch: 'charge',
  re: 'refund',
  in: 'invoice',
  inpay: 'invoice_payment',
  sub: 'subscription',
  sub_sched: 'subscription_schedule',
  di: 'discount',
  evt: 'event',
  we: 'webhook_endpoint',
  clock: 'test_helpers.test_clock',
};
