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
  /**
   * The stack's public URL (ServerConfig.siteUrl). Without it the URL is a path on the stack, which the
   * sandbox resolves against the stack's origin (as the emulator's 3-D Secure `stripe_js` path is).
   */
  readonly siteUrl?: string;
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
  const query = new URLSearchParams({ client_secret: input.clientSecret, key: input.publishableKey });
  const path = `/_stripe-js/paypal-approval.html?${query.toString()}`;
  const url = input.siteUrl === undefined ? path : new URL(path, input.siteUrl).toString();
  return { type: 'redirect_to_url', redirect_to_url: { url, return_url: input.returnUrl } };
}
