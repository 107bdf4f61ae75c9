import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createAppServices } from '../services/composition-root';
import { AppErrorBoundary } from './app-error-boundary';
import { AppServicesContext } from './app-services-context';
import { createAppRoutes } from './app-routes';
import './app.css';

/** Entry: pick the services, note the visitor and the ad click, load translations, start the router. */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const services = createAppServices();
  services.visitorId();
  services.captureClickId(new URL(window.location.href));
  // Creating the router starts the first route's loaders (flag, flow chunk) while translations load.
  const router = createBrowserRouter(createAppRoutes(services));
  const i18n = await services.createI18n();
  document.title = i18n.t('common:title');
  i18n.on('languageChanged', () => {
    document.title = i18n.t('common:title');
  });
  createRoot(container).render(
    <StrictMode>
      <AppServicesContext value={services}>
        <I18nextProvider i18n={i18n}>
          <AppErrorBoundary onError={services.reportError}>
            <RouterProvider router={router} />
          </AppErrorBoundary>
        </I18nextProvider>
      </AppServicesContext>
    </StrictMode>,
  );
}

void start();
