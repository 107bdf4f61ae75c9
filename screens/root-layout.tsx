import { useEffect } from 'react';
import variants from 'virtual:flow-variants';
import { Outlet, useLocation } from 'react-router';
import { useAppServices } from './app-services-context';

/**
 * Pages outside the funnel start analytics and error reporting this long after their content shows;
 * a funnel step starts them as soon as it has painted (FunnelStepRoute), which is sooner.
 */
export const TELEMETRY_FALLBACK_MS = 1500;

/**
 * Root layout: the child route, and a page view on every location change (queued until the tracker
 * loads after the first paint). The spec's root spinner is not rendered here: it is CSS in the HTML
 * (index.html, app.css), so it runs from the first byte without waiting for JavaScript, and a
 * prerendered first step is hydrated under it instead of mounted after it.
 */
export function RootLayout() {
  const location = useLocation();
  const { recordPageView, startTelemetry } = useAppServices();

  // In the funnel the step itself starts telemetry once painted (a slow first step must not compete
  // with it); route errors start it by reporting.
  const inFunnel = Object.values(variants.basePaths).some((base) => location.pathname.startsWith(base));
  useEffect(() => {
    if (inFunnel) return;
    const timer = setTimeout(startTelemetry, TELEMETRY_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [inFunnel, startTelemetry]);

  useEffect(() => {
    recordPageView(window.location.href);
  }, [location.pathname, location.search, recordPageView]);

  return <Outlet />;
}
