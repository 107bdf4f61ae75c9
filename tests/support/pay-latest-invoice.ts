import type Stripe from 'stripe';

/**
 * Pays a `default_incomplete` subscription's latest invoice with Stripe's test card, as the Payment
 * Element would: confirms the invoice's PaymentIntent with `pm_card_visa`. Answers the confirmed
 * PaymentIntent so the caller asserts its status in its own runner (vitest or Playwright).
 */
export async function payLatestInvoice(stripe: Stripe, subscriptionId: string): Promise<Stripe.PaymentIntent> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.payments'] });
  const invoice = subscription.latest_invoice;
  if (invoice === null || typeof invoice === 'string') throw new Error('no invoice');
  const intent = invoice.payments?.data[0]?.payment.payment_intent;
  if (intent === undefined) throw new Error('no PaymentIntent');
  return stripe.paymentIntents.confirm(typeof intent === 'string' ? intent : intent.id, { payment_method: 'pm_card_visa' });
}
