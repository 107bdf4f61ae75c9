import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import variants from 'virtual:flow-variants';
import type { AccountArea } from '../services/account/account-area';
import type { FunnelArea } from '../services/funnel/funnel-area';
import type { TelemetryArea } from '../services/telemetry/telemetry-area';
import type { FlowRuntime } from './funnel/flow-runtime';
import { loadPathEnvironment } from './funnel/load-path-environment';
import { loadCompiledFlow } from './funnel/load-compiled-flow';
import { ROOT_ROUTE_ID } from './discover-area-routes';
import { LoadingSpinner } from './loading-spinner';
import { RootErrorScreen } from './root-error-screen';
import { RootLayout } from './root-layout';
import { funnelEntryLoader, funnelEntryShouldRevalidate } from './sign-up/funnel-entry-loader';

/** The flow served when the flag says baseline; its steps run the flag loader. */
const DEFAULT_FLOW = 'default';

/** Data the step route's loader hands to its component. */
export interface StepLoaderData {
  readonly runtime: FlowRuntime;
  readonly stepId: string;
}

/**
 * The route tree. Each flow (`/onboarding`, `/onboarding/v1`, `/onboarding/v2`, from the compiled
 * variants) has an index that redirects to its first step and a route per step (`:stepId`, checked
 * against the flow: an unknown step is a 404). The step loader is where "the URL is the visible state"
 * happens: it sends GO_TO for the step in the URL and redirects when the machine lands elsewhere
 * (deep link past unanswered steps). The flow data, the machine and every screen are lazy chunks; the
 * routes after the questionnaire come from `discoverAreaRoutes` on first use.
 */
export function createAppRoutes({ funnel, account, telemetry }: { readonly funnel: FunnelArea; readonly account: AccountArea; readonly telemetry: TelemetryArea }): RouteObject[] {
  const runtimes = new Map<string, Promise<FlowRuntime>>();
  const runtimeOf = (flowId: string): Promise<FlowRuntime> => {
    let runtime = runtimes.get(flowId);
    if (!runtime) {
      runtime = Promise.all([import('./funnel/flow-runtime'), loadCompiledFlow(flowId), funnel.funnelStorage.answers()]).then(async ([{ createFlowRuntime }, flow, answers]) =>
        createFlowRuntime(flow, answers, telemetry.trackOnboardingEvent, await loadPathEnvironment(flow)),
      );
      // A failed chunk load must not stick: the next navigation retries.
      runtime.catch(() => runtimes.delete(flowId));
      runtimes.set(flowId, runtime);
    }
    return runtime;
  };

  /** Spec: baseline means no redirect; other variants go to their flow with the query string kept. */
  const variantRedirect = async (search: string): Promise<string | undefined> => {
    try {
      const flowId = await funnel.resolveFunnelFlow(funnel.visitorId());
      const basePath = variants.basePaths[flowId];
      return flowId !== DEFAULT_FLOW && basePath ? `${basePath}${search}` : undefined;
    } catch (error) {
      // Spec: errors in the flag load are only logged.
      console.warn('Funnel variant lookup failed; staying on the default flow', error);
      return undefined;
    }
  };

  const indexLoader = (flowId: string) => async ({ request }: LoaderFunctionArgs) => {
    const { search } = new URL(request.url);
    const { flow } = await runtimeOf(flowId);
    const first = flow.steps[0];
    if (!first) throw data(null, { status: 404, statusText: 'Not Found' });
    return redirect(`${first.path}${search}`);
  };

  const stepLoader = (flowId: string) => async ({ params, request }: LoaderFunctionArgs): Promise<StepLoaderData> => {
    const { search } = new URL(request.url);
    if (flowId === DEFAULT_FLOW) {
      const target = await variantRedirect(search);
      if (target) throw redirect(target);
    }
    const runtime = await runtimeOf(flowId);
    const step = runtime.step(params.stepId ?? '');
    if (!step) throw data(null, { status: 404, statusText: 'Not Found' });
    runtime.actor.send({ type: 'GO_TO', stepId: step.id });
    // A step id or `exited`; XState's inferred value type only knows `exited` (states built at run time).
    const state: string = runtime.actor.getSnapshot().value;
    const landed = runtime.step(state);
    if (landed && landed.id !== step.id) throw redirect(`${landed.path}${search}`);
    return { runtime, stepId: step.id };
  };

  const flowRoutes: RouteObject[] = Object.entries(variants.basePaths).map(([flowId, basePath]) => ({
    path: basePath.replace(/^\//, ''),
    // The shared check on funnel entry: signed-in visitors go to their account or to checkout.
    loader: funnelEntryLoader(account),
    shouldRevalidate: funnelEntryShouldRevalidate,
    children: [
      // Redirect-only routes render nothing; element: null says so (and keeps the router from warning).
      { index: true, loader: indexLoader(flowId), element: null },
      {
        path: ':stepId',
        loader: stepLoader(flowId),
        lazy: { Component: async () => (await import('./funnel/funnel-step-route')).FunnelStepRoute },
      },
    ],
  }));

  return [
    {
      id: ROOT_ROUTE_ID,
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RootErrorScreen,
      HydrateFallback: LoadingSpinner,
      children: [
        { index: true, loader: ({ request }) => redirect(`/onboarding${new URL(request.url).search}`), element: null },
        ...flowRoutes,
        // Sign-up, account, checkout and help centre are patched in here when first visited
        // (discover-area-routes.ts): none of their routes ship with the first step.
      ],
    },
  ];
}
