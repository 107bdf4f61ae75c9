import { redirect, type RouteObject } from 'react-router';
import type { BrandHeaderHandle } from '../brand/brand-header';
import type { AccountArea } from '../../services/account/account-area';
import type { TelemetryArea } from '../../services/telemetry/telemetry-area';
import { RetryErrorScreen } from '../retry-error-screen';

/**
 * The account area (/account). /checkout is in screens/checkout/checkout-routes.ts, /help-center
 * (linked from the subscriptions dialog) in screens/help-centre/help-centre-routes.ts.
 * Pages, loaders and actions are lazy chunks: this file ships with the app's entry.
 */
export function accountRoutes(areas: { readonly account: AccountArea; readonly telemetry: TelemetryArea }): RouteObject[] {
  return [
    {
      path: 'account',
      lazy: {
        loader: async () => (await import('./account-nav-loader')).createAccountNavLoader(areas),
        Component: async () => (await import('../account-area-layout')).AccountAreaLayout,
      },
      children: [
        { index: true, loader: () => redirect('/account/subscription'), element: null },
        {
          path: 'sign-in',
          handle: { back: '/' } satisfies BrandHeaderHandle,
          lazy: {
            action: async () => (await import('./sign-in-action')).createSignInAction(areas),
            Component: async () => (await import('./sign-in-page')).SignInPage,
          },
        },
        {
          path: 'forgot-password',
          handle: { back: '/account/sign-in' } satisfies BrandHeaderHandle,
          lazy: {
            action: async () => (await import('./forgot-password-action')).createForgotPasswordAction(areas),
            Component: async () => (await import('./forgot-password-page')).ForgotPasswordPage,
          },
        },
        {
          path: 'reset-password',
          handle: { back: '/account/sign-in' } satisfies BrandHeaderHandle,
          lazy: {
            loader: async () => (await import('./reset-password-action')).createResetPasswordLoader(areas),
            action: async () => (await import('./reset-password-action')).createResetPasswordAction(areas),
            Component: async () => (await import('./reset-password-page')).ResetPasswordPage,
          },
        },
        {
          path: 'subscription',
          // Session and subscriber lookups can fail on the network: retry, not a crash.
          ErrorBoundary: RetryErrorScreen,
          lazy: {
            loader: async () => (await import('./subscription-loader')).createSubscriptionLoader(areas),
            Component: async () => (await import('./subscription-page')).SubscriptionPage,
          },
        },
        {
          path: 'sign-out',
          action: async () => {
            await areas.account.auth.signOut();
            return redirect('/account/sign-in');
          },
        },
      ],
    },
  ];
}
