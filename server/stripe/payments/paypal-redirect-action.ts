/**
 * The next action of a PaymentIntent confirmed with PayPal (`payment_method_data[type]=paypal` and a
 * `return_url`): Stripe answers `requires_action` with `redirect_to_url`, and Stripe.js sends the
 * visitor there. Here the URL is the stack's local approval page (server/stripe-js/frame/
 * paypal-approval-frame.ts), which approves or declines through `_authenticate?success=true|false`
 * (the same transition as a 3-D Secure challenge: `requires_action` to succeeded or
 * `requires_payment_method` with `payment_intent_authentication_failure`) and returns to `return_url`
 * with payment_intent, payment_intent_client_secret and redirect_status.
 *
 * Self-contained so the emulator's confirm route only has to call it for PayPal (docs/local-stack.md).
 */
export interface PaypalRedirectInput {
  /** The stack's public URL (ServerConfig.siteUrl). */
  readonly siteUrl: string;
  readonly clientSecret: string;
  /** The publishable key the approval page sends back as `key`, as the browser does. */
  readonly publishableKey: string;
  readonly returnUrl: string;
}

export interface PaypalRedirectAction {
  readonly type: 'redirect_to_url';
  readonly redirect_to_url: { readonly url: string; readonly return_url: string };
}

export function paypalRedirectAction(input: PaypalRedirectInput): PaypalRedirectAction {
  const url = new URL('/_stripe-js/paypal-approval.html', input.siteUrl);
  url.searchParams.set('client_secret', input.clientSecret);
  url.searchParams.set('key', input.publishableKey);
  return { type: 'redirect_to_url', redirect_to_url: { url: url.toString(), return_url: input.returnUrl } };
}
