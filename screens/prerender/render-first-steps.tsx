import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import variants from 'virtual:flow-variants';
import { initialNamespaces } from '../../services/i18n/initial-namespaces';
import { fallbackLanguage } from '../../services/i18n/supported-languages';
import { prerenderServices } from '../../services/prerender-services';
import { AppErrorBoundary } from '../app-error-boundary';
import { createAppRoutes } from '../app-routes';
import { AppAreasProvider } from '../areas/app-areas-provider';
import { loadCompiledFlow } from '../funnel/load-compiled-flow';

/** One flow's first step as the build writes it into `dist/<path>/index.html`. */
export interface PrerenderedPage {
  readonly flowId: string;
  /** The step's URL path, e.g. /onboarding/gender. */
  readonly path: string;
  /** What goes inside `#root`: the same markup the app renders for a new visitor in English. */
  readonly markup: string;
  /** The document title the app sets (`common:title`). */
  readonly title: string;
  readonly rootSpinnerMs: number;
}

/**
 * Renders the first step of every flow the flag's variants serve, at build time, through the app's own route
 * tree (createAppRoutes: the same loaders, the same lazy step route, the same screens) with react-router's
 * static handler, for a new English-speaking visitor of that flow. The browser hydrates this markup
 * (screens/mount-app.tsx), so a difference between the two is a hydration error, not a second template.
 * `englishNamespaces` are the English translation files of the first screen's namespaces, by name.
 */
export async function renderFirstSteps(englishNamespaces: Readonly<Record<string, unknown>>): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  // The flag's flows, where ads land: another flow (an example, a new funnel reached by its URL) starts
  // as a client-rendered page, and may use a translation namespace this render does not have.
  for (const flowId of [...new Set(Object.values(variants.variants))].sort()) {
    const flow = await loadCompiledFlow(flowId);
    const first = flow.steps[0];
    if (!first) continue;
    const services = prerenderServices();
    const handler = createStaticHandler(createAppRoutes(services));
    const context = await handler.query(new Request(new URL(first.path, 'http://prerender.invalid')));
    if (context instanceof Response) throw new Error(`Prerendering ${first.path}: the routes answered ${context.status} ${context.headers.get('Location') ?? ''}`);
    if (context.errors) throw new Error(`Prerendering ${first.path}: ${JSON.stringify(context.errors)}`);
    const router = createStaticRouter(handler.dataRoutes, context);

    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({
      lng: fallbackLanguage,
      fallbackLng: fallbackLanguage,
      ns: [...initialNamespaces],
      defaultNS: 'common',
      resources: {},
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
    for (const [namespace, texts] of Object.entries(englishNamespaces)) i18n.addResourceBundle(fallbackLanguage, namespace, texts);
    // The same providers as screens/mount-app.tsx, in the same order (hydration compares the trees).
    const { prelude } = await prerender(
      <StrictMode>
        <AppAreasProvider services={services}>
          <I18nextProvider i18n={i18n}>
            <AppErrorBoundary onError={services.telemetry.reportError}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppErrorBoundary>
          </I18nextProvider>
        </AppAreasProvider>
      </StrictMode>,
    );
    const markup = await new Response(prelude).text();
    pages.push({ flowId, path: first.path, markup, title: i18n.t('common:title'), rootSpinnerMs: flow.rootSpinnerMs });
  }
  return pages;
}
