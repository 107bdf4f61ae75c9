import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createAppServices } from '../services/composition-root';
import { AppErrorBoundary } from './app-error-boundary';
import { AppServicesContext } from './app-services-context';
import { createAppRoutes } from './app-routes';
import { discoverAreaRoutes } from './discover-area-routes';
import { routerReady } from './prerender/router-ready';
import { matchesPrerender } from './prerender/matches-prerender';
// The variable font (every subset declared with unicode-range and font-display: swap; the browser fetches
// only the subsets a page uses), then the tokens every stylesheet reads, then the app's styles.
import '@fontsource-variable/manrope';
import './theme/design-tokens.css';
import './app.css';

/**
 * Entry: pick the services, note the visitor and the ad click, load translations, start the router.
 * On a page the build prerendered (the first step of a flow, `#root[data-prerendered]`), the app
 * hydrates the markup already on screen once the router has loaded the step, when the visitor is the
 * one it was rendered for (language, no earlier answer, working storage); otherwise it renders anew.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const services = createAppServices();
  services.visitorId();
  services.captureClickId(new URL(window.location.href));
  // Creating the router starts the first route's loaders (flag, flow chunk) while translations load.
  const router = createBrowserRouter(createAppRoutes(services), { patchRoutesOnNavigation: discoverAreaRoutes(services) });
  const i18n = await services.createI18n();
  setTitle(i18n);
  i18n.on('languageChanged', () => setTitle(i18n));
  const app = (
    <StrictMode>
      <AppServicesContext value={services}>
        <I18nextProvider i18n={i18n}>
          <AppErrorBoundary onError={services.reportError}>
            <RouterProvider router={router} />
          </AppErrorBoundary>
        </I18nextProvider>
      </AppServicesContext>
    </StrictMode>
  );
  const prerenderedLanguage = container.dataset.prerendered;
  if (prerenderedLanguage !== undefined) {
    const initialPath = window.location.pathname;
    await routerReady(router);
    if (matchesPrerender({ router, initialPath, prerenderedLanguage, language: i18n.resolvedLanguage, answersSurviveReload: services.answersSurviveReload })) {
      markReady();
      // The boot script hides the markup only for another language or another flow, so the app would not
      // hydrate it; should the two ever disagree, the step the app hydrates is the one to show.
      document.documentElement.classList.remove('boot-translating');
      // As a transition: React then hydrates in slices of a few milliseconds, yielding to the browser
      // between them. At the default priority hydration is one task (React does not slice the default
      // lane), 100-150 ms long on a mid-range phone, during which a tap waits.
      startTransition(() => {
        hydrateRoot(container, app, { onRecoverableError: services.reportError });
      });
      return;
    }
  }
  markReady();
  const root = createRoot(container);
  // Committed before the hold ends: the prerendered markup (another language or flow) is replaced in
  // the same task, so it cannot show for a frame between the class going and React's first commit.
  flushSync(() => root.render(app));
  document.documentElement.classList.remove('boot-translating');
}

/**
 * The moment the app hands React what the first screen needs (translations, the route's data and
 * code): the browser tests and the bench check that no chunk or translation was requested late.
 */
function markReady(): void {
  performance.mark('app-ready');
}

function setTitle(i18n: i18n): void {
  document.title = i18n.t('common:title');
}

void start();
