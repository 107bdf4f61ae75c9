import type { i18n } from 'i18next';
import { createBrowserRouter } from 'react-router';
import { createAppServices } from '../services/composition-root';
import { inNextTask } from '../services/in-next-task';
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
 * one it was rendered for (language, no earlier answer, working storage); otherwise it renders anew
 * (mount-app.tsx, with React DOM: its own module, preloaded from the HTML by the first-paint plugin).
 */
async function start(): Promise<void> {
  const mounting = import('./mount-app');
  // A task of its own: evaluating the entry's modules is already one long task on a phone; the app's
  // start-up in the same task made it 130-290 ms at 4x CPU, all of it blocking after the splash.
  await nextTask();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const services = createAppServices();
  services.funnel.visitorId();
  services.funnel.captureClickId(new URL(window.location.href));
  // The services, the router and i18next each in a task of their own: together they were one task of
  // 13-31 ms at full CPU speed (four times that on a phone), blocking, though the page already shows.
  await nextTask();
  // Creating the router starts the first route's loaders (flag, flow chunk) while translations load.
  const router = createBrowserRouter(createAppRoutes(services), { patchRoutesOnNavigation: discoverAreaRoutes(services) });
  await nextTask();
  const i18n = await services.page.createI18n();
  setTitle(i18n);
  i18n.on('languageChanged', () => setTitle(i18n));
  const prerenderedLanguage = container.dataset.prerendered;
  let hydrate = false;
  if (prerenderedLanguage !== undefined) {
    const initialPath = window.location.pathname;
    await routerReady(router);
    hydrate = matchesPrerender({ router, initialPath, prerenderedLanguage, language: i18n.resolvedLanguage, answersSurviveReload: services.funnel.answersSurviveReload });
  }
  const { mountApp } = await mounting;
  markReady();
  mountApp({ container, services, router, i18n, hydrate });
}

/**
 * The moment the app hands React what the first screen needs (translations, the route's data and
 * code): the browser tests and the bench check that no chunk or translation was requested late.
 */
function markReady(): void {
  performance.mark('app-ready');
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => inNextTask(resolve));
}

function setTitle(i18n: i18n): void {
  document.title = i18n.t('common:title');
}

void start();
