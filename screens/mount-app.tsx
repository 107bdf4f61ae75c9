import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { AppServices } from '../services/app-services';
import { takeEarlyTap } from './boot/early-tap';
import { AppErrorBoundary } from './app-error-boundary';
import { AppAreasProvider } from './areas/app-areas-provider';

export interface MountAppOptions {
  readonly container: HTMLElement;
  readonly services: AppServices;
  readonly router: ReturnType<typeof createBrowserRouter>;
  readonly i18n: i18n;
  /** The markup in `container` is what this visitor's first render produces (main.tsx decided). */
  readonly hydrate: boolean;
}

/**
 * Puts the app into the page: hydrates the prerendered step, or renders anew. React DOM lives here, a
 * module the entry imports dynamically (and the HTML preloads), so evaluating it is a task of its own
 * on a phone instead of part of the entry's one long task.
 */
export function mountApp({ container, services, router, i18n, hydrate }: MountAppOptions): void {
  const app = (
    <StrictMode>
      <AppAreasProvider services={services}>
        <I18nextProvider i18n={i18n}>
          <AppErrorBoundary onError={services.telemetry.reportError}>
            <RouterProvider router={router} />
          </AppErrorBoundary>
        </I18nextProvider>
      </AppAreasProvider>
    </StrictMode>
  );
  if (hydrate) {
    // The boot script hides the markup only for another language or another flow, so the app would not
    // hydrate it; should the two ever disagree, the step the app hydrates is the one to show.
    document.documentElement.classList.remove('boot-translating');
    // As a transition: React then hydrates in slices of a few milliseconds, yielding to the browser
    // between them. At the default priority hydration is one task (React does not slice the default
    // lane), 100-150 ms long on a mid-range phone, during which a tap waits.
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: services.telemetry.reportError });
    });
    // A tap the boot script held back, repeated now that React listens: React hydrates at once to
    // handle it, as it does for a tap during hydration.
    const tapped = takeEarlyTap();
    if (tapped?.isConnected === true) tapped.click();
    return;
  }
  // The markup is replaced (another visitor than the one it was rendered for): a tap on it is dropped.
  takeEarlyTap();
  const root = createRoot(container);
  // Committed before the hold ends: the prerendered markup (another language or flow) is replaced in
  // the same task, so it cannot show for a frame between the class going and React's first commit.
  flushSync(() => root.render(app));
  document.documentElement.classList.remove('boot-translating');
}
