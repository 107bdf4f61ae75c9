import { redirect, type RouteObject } from 'react-router';
import type { BrandHeaderHandle } from '../brand/brand-header';
import type { AccountArea } from '../../services/account/account-area';
import type { FunnelArea } from '../../services/funnel/funnel-area';
import type { TelemetryArea } from '../../services/telemetry/telemetry-area';
import { RetryErrorScreen } from '../retry-error-screen';

/**
 * The standalone sign-up (/sign-up): password first, then e-mail, then preparing; /sign-up/confirm is
 * where the confirmation e-mail's link lands when the backend asks for one. Pages are lazy
 * chunks; the loaders here stay tiny because this file ships with the app's entry.
 */
export function signUpRoutes(areas: { readonly funnel: FunnelArea; readonly account: AccountArea; readonly telemetry: TelemetryArea }): RouteObject[] {
  return [
    {
      path: 'sign-up',
      lazy: { Component: async () => (await import('../account-layout')).AccountLayout },
      children: [
        { index: true, loader: ({ request }) => redirect(`/sign-up/password${new URL(request.url).search}`), element: null },
        {
          path: 'password',
          handle: { back: -1 } satisfies BrandHeaderHandle,
          // The session lookup can fail on the network (an expired token is refreshed): retry, not a crash.
          ErrorBoundary: RetryErrorScreen,
          // Spec: a visitor who already has a session goes straight to preparing.
          loader: async ({ request }) =>
            areas.account.auth.mayHaveSession() && (await areas.account.auth.currentUser()) ? redirect(`/sign-up/preparing${new URL(request.url).search}`) : null,
          lazy: { Component: async () => (await import('./sign-up-password-page')).SignUpPasswordPage },
        },
        {
          path: 'email',
          handle: { back: '/sign-up/password' } satisfies BrandHeaderHandle,
          // Spec: without a stored password the e-mail step sends the visitor back to the password.
          loader: ({ request }) => (areas.account.signUpCache.storedPassword() === undefined ? redirect(`/sign-up/password${new URL(request.url).search}`) : null),
          lazy: { Component: async () => (await import('./sign-up-email-page')).SignUpEmailPage },
        },
        { path: 'preparing', lazy: { Component: async () => (await import('./preparing-page')).PreparingPage } },
        {
          // Where the confirmation e-mail's link lands (e-mail confirmation on): signs in, then preparing.
          path: 'confirm',
          lazy: {
            loader: async () => (await import('./confirm-email-loader')).createConfirmEmailLoader(areas),
            Component: async () => (await import('./confirm-email-page')).ConfirmEmailPage,
          },
        },
      ],
    },
  ];
}
