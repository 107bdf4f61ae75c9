import type { PaymentsService } from '../payments/payments-service';
import { loadOnce } from '../load-once';
import type { Platform } from '../platform';
import type { ConversionTracking } from '../tracking/conversion-tracking';
import type { CheckoutArea } from './checkout-area';
import type { CheckoutServices } from './checkout-services';

/**
 * The checkout area in the browser. This module is a chunk of its own, loaded with the /checkout routes
 * (services/composition-root.ts); Stripe code and the plans page's product are further chunks below it.
 */
export function browserCheckoutArea(platform: Platform, conversions: ConversionTracking): CheckoutArea {
  // A failed script or chunk load does not stick: the next payment page tries again.
  const stripe: PaymentsService['stripe'] = loadOnce(() =>
    import('../payments/payments-settings').then(({ paymentsSettings }) => {
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
    }),
  );
  const checkout = loadOnce(() => import('./checkout-services').then(({ createCheckoutServices }): CheckoutServices => createCheckoutServices(platform.env, platform.session.storage, platform.log)));
  return {
    payments: { stripe },
    checkout,
    registerPurchase: (purchase) => conversions.purchase(purchase),
  };
}
