import { redirect, type RouteObject } from 'react-router';
import type { AppServices } from '../../services/composition-root';

/**
 * /checkout: the payment page and its return page. Pages and loaders are lazy chunks (Stripe code
 * loads with the payment route only; this file ships with the app's entry).
 *
 * PLACEHOLDER: /checkout/plans (prices, plan cards, offer timer, creating the subscription) is the
 * checkout issue's; until then it shows "coming soon".
 */
export function checkoutRoutes(services: AppServices): RouteObject[] {
  return [
    {
      path: 'checkout',
      lazy: { Component: async () => (await import('./checkout-layout')).CheckoutLayout },
      children: [
        { index: true, loader: () => redirect('/checkout/plans'), element: null },
        { path: 'plans', lazy: { Component: async () => (await import('../coming-soon-screen')).ComingSoonScreen } },
        {
          path: 'payment',
          lazy: {
            loader: async () => (await import('./payment-loader')).createPaymentLoader(services),
            Component: async () => (await import('./payment-page')).PaymentPage,
          },
        },
        {
          path: 'payment-completion',
          lazy: { loader: async () => (await import('./payment-completion-loader')).createPaymentCompletionLoader(services) },
          element: null,
        },
      ],
    },
  ];
}
