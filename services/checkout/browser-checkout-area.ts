import type { PaymentsService } from '../payments/payments-service';
import type { Platform } from '../platform';
import type { ConversionTracking } from '../tracking/conversion-tracking';
import type { CheckoutArea } from './checkout-area';
import type { CheckoutServices } from './checkout-services';

/**
 * The checkout area in the browser. This module is a chunk of its own, loaded with the /checkout routes
 * (services/composition-root.ts); Stripe code and the plans page's product are further chunks below it.
 */
export function browserCheckoutArea(platform: Platform, conversions: ConversionTracking): CheckoutArea {
  let stripe: ReturnType<PaymentsService['stripe']> | undefined;
  const loadPayments = (): ReturnType<PaymentsService['stripe']> => {
    const loading = import('../payments/payments-settings').then(({ paymentsSettings }) => {
      const settings = paymentsSettings(platform.env, platform.origin);
      return settings.provider === 'stripe'
        ? import('../payments/load-stripe-js').then(({ loadStripeJs }) => loadStripeJs(settings.publishableKey))
        : import('../payments/sandbox/load-sandbox-stripe').then(({ loadSandboxStripe }) =>
            loadSandboxStripe({
              publishableKey: settings.publishableKey,
              stackUrl: settings.stackUrl,
              window,
              navigate: (url) => window.location.assign(url),
              fetch: platform.fetch,
            }),
          );
    });
    // A failed script load must not stick: the next payment page tries again.
    loading.catch(() => (stripe = undefined));
    return loading;
  };
  let checkout: Promise<CheckoutServices> | undefined;
  const loadCheckout = (): Promise<CheckoutServices> => {
    checkout ??= import('./checkout-services').then(({ createCheckoutServices }) => createCheckoutServices(platform.env, platform.session.storage, platform.log));
    checkout.catch(() => (checkout = undefined));
    return checkout;
  };
  return {
    payments: { stripe: () => (stripe ??= loadPayments()) },
    checkout: loadCheckout,
    registerPurchase: (purchase) => conversions.purchase(purchase),
  };
}
