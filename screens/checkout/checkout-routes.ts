import { redirect, type RouteObject } from 'react-router';
import type { BrandHeaderHandle } from '../brand/brand-header';
import type { AccountArea } from '../../services/account/account-area';
import type { CheckoutArea } from '../../services/checkout/checkout-area';
import type { FunnelArea } from '../../services/funnel/funnel-area';
import type { TelemetryArea } from '../../services/telemetry/telemetry-area';
import { CheckoutAreaContext } from '../areas/area-contexts';
import { areaRoute } from '../areas/area-route';
import { RetryErrorScreen } from '../retry-error-screen';

/**
 * /checkout: the plans page (prices, plan cards, offer timer; its action creates the subscription),
 * the payment page and its return page. Pages, loaders and actions are lazy chunks (Stripe code loads
 * with the payment route only; this file ships with the app's entry).
 */
export function checkoutRoutes(areas: { readonly funnel: FunnelArea; readonly account: AccountArea; readonly telemetry: TelemetryArea; readonly checkout: CheckoutArea }): RouteObject[] {
  return [
    areaRoute(CheckoutAreaContext, areas.checkout, [
      {
        path: 'checkout',
        lazy: { Component: async () => (await import('./checkout-layout')).CheckoutLayout },
        children: [
          // The query goes along (an ad's or an e-mail's utm_* parameters are read from the page's URL).
          { index: true, loader: ({ request }) => redirect(`/checkout/plans${new URL(request.url).search}`), element: null },
          {
            path: 'plans',
            // Session, subscriber and price lookups can fail on the network: retry, not the root error screen.
            ErrorBoundary: RetryErrorScreen,
            lazy: {
              loader: async () => (await import('./plans-loader')).createPlansLoader(areas),
              shouldRevalidate: async () => (await import('./plans-loader')).plansShouldRevalidate,
              action: async () => (await import('./plans-action')).createPlansAction(areas),
              Component: async () => (await import('./plans-page')).PlansPage,
            },
          },
          {
            path: 'payment',
            handle: { back: '/checkout/plans' } satisfies BrandHeaderHandle,
            lazy: {
              loader: async () => (await import('./payment-loader')).createPaymentLoader(areas),
              Component: async () => (await import('./payment-page')).PaymentPage,
            },
          },
          {
            path: 'payment-completion',
            lazy: {
              loader: async () => (await import('./payment-completion-loader')).createPaymentCompletionLoader(areas),
              Component: async () => (await import('./payment-completion-page')).PaymentCompletionPage,
            },
          },
        ],
      },
    ]),
  ];
}
