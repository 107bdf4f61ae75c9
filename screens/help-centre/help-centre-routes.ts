import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { completedView, countsFromSearch } from '../../engine/cancel-refund-result';
import type { HelpCentreAction } from '../../engine/subscription-eligibility';
import type { AccountArea } from '../../services/account/account-area';
import type { HelpCentreService } from '../../services/help-centre/help-centre-service';
import type { TelemetryArea } from '../../services/telemetry/telemetry-area';
import { HelpCentreAreaContext } from '../areas/area-contexts';
import { areaRoute } from '../areas/area-route';
import { RetryErrorScreen } from '../retry-error-screen';
import type { CompletedLoaderData } from './completed-page';
import type { StoreLoaderData } from './store-page';

const ACTIONS: readonly HelpCentreAction[] = ['cancelation', 'refund'];

/**
 * /help-center: the index (the choices, open to everyone) and, for signed-in users only,
 * /help-center/cancelation and /help-center/refund, each with index, apple, google and completed, and
 * /help-center/withdrawal; /help-center/cancel-contracts is open to everyone.
 * Pages, loaders and actions are lazy chunks: this file ships with the app's entry.
 */
export function helpCentreRoutes(areas: { readonly account: AccountArea; readonly telemetry: TelemetryArea; readonly helpCentre: HelpCentreService }): RouteObject[] {
  const pageFor = (action: HelpCentreAction): RouteObject => ({
    path: action,
    // Session and subscriber lookups can fail on the network: retry, not a crash.
    ErrorBoundary: RetryErrorScreen,
    lazy: { loader: async () => (await import('./signed-in-loader')).createSignedInLoader(areas) },
    children: [
      {
        index: true,
        lazy: {
          loader: async () => (await import('./request-loader')).createRequestLoader(areas, action),
          action: async () => (await import('./request-action')).createRequestAction(areas, action),
          Component: async () => (await import('./request-page')).RequestPage,
        },
      },
      ...(['apple', 'google'] as const).map((store) => ({
        path: store,
        loader: (): StoreLoaderData => ({ action, store }),
        lazy: { Component: async () => (await import('./store-page')).StorePage },
      })),
      {
        path: 'completed',
        loader: ({ request }: LoaderFunctionArgs): CompletedLoaderData => ({
          action,
          view: completedView(action, countsFromSearch(new URL(request.url).searchParams)),
        }),
        lazy: { Component: async () => (await import('./completed-page')).CompletedPage },
      },
    ],
  });
  return [
    areaRoute(HelpCentreAreaContext, areas.helpCentre, [
      {
        path: 'help-center',
        // The account pages' layout and navigation: the help centre's texts load on first use, pages suspend until then.
        lazy: {
          loader: async () => (await import('../account/account-nav-loader')).createAccountNavLoader(areas),
          Component: async () => (await import('../account-area-layout')).AccountAreaLayout,
        },
        children: [
          { index: true, lazy: { Component: async () => (await import('./help-centre-page')).HelpCentrePage } },
          ...ACTIONS.map(pageFor),
          {
            // "Cancel contracts here" (BGB § 312k): for everyone, no sign-in; every page's footer links here.
            path: 'cancel-contracts',
            lazy: {
              action: async () => (await import('./cancel-contracts-action')).createCancelContractsAction(areas),
              Component: async () => (await import('./cancel-contracts-page')).CancelContractsPage,
            },
          },
          {
            // The withdrawal function (EU Directive 2023/2673): signed-in users' web contracts.
            path: 'withdrawal',
            ErrorBoundary: RetryErrorScreen,
            lazy: { loader: async () => (await import('./signed-in-loader')).createSignedInLoader(areas) },
            children: [
              {
                index: true,
                lazy: {
                  loader: async () => (await import('./withdrawal-loader')).createWithdrawalLoader(areas),
                  action: async () => (await import('./withdrawal-action')).createWithdrawalAction(areas),
                  Component: async () => (await import('./withdrawal-page')).WithdrawalPage,
                },
              },
            ],
          },
        ],
      },
    ]),
  ];
}
