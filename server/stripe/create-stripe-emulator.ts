import type { Hono } from 'hono';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { createStripeRoutes } from './create-stripe-routes';
import { chargeRefundRoutes } from './resources/charge-refund-routes';
import { couponRoutes } from './resources/coupon-routes';
import { customerRoutes } from './resources/customer-routes';
import { invoiceRoutes } from './resources/invoice-routes';
import { paymentIntentRoutes } from './resources/payment-intent-routes';
import { paymentMethodRoutes } from './resources/payment-method-routes';
import { subscriptionRoutes } from './resources/subscription-routes';
import { webhookRoutes } from './resources/webhook-routes';
import { subscriptionScheduleRoutes } from './resources/subscription-schedule-routes';
import { testClockRoutes } from './resources/test-clock-routes';
import { priceRoutes } from './resources/price-routes';
import { productRoutes } from './resources/product-routes';

export interface StripeEmulatorDeps {
  readonly db: Database;
  readonly config: Pick<ServerConfig, 'stripeSecretKey' | 'stripePublishableKey' | 'siteUrl'>;
  /** Called when committed requests produced events (the webhook dispatcher wakes up). */
  readonly onEvents?: () => void;
}

/** The Stripe API emulator's routes (mounted at /v1 by createApp): every resource it emulates. */
export function createStripeEmulator({ db, config, onEvents }: StripeEmulatorDeps): Hono {
  return createStripeRoutes({
    db,
    keys: { secretKey: config.stripeSecretKey, publishableKey: config.stripePublishableKey },
    resources: [productRoutes, priceRoutes, customerRoutes, couponRoutes, paymentMethodRoutes, paymentIntentRoutes({ siteUrl: config.siteUrl, publishableKey: config.stripePublishableKey }), chargeRefundRoutes, invoiceRoutes, subscriptionRoutes, webhookRoutes, subscriptionScheduleRoutes, testClockRoutes],
    ...(onEvents === undefined ? {} : { onEvents }),
  });
}
