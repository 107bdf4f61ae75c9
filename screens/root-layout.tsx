import { useEffect, useState } from 'react';
import variants from 'virtual:flow-variants';
import { Outlet, useLocation } from 'react-router';
import { useAppServices } from './app-services-context';
import { LoadingSpinner } from './loading-spinner';

/** Spec: the root layout shows a spinner for 1 s before the child route. */
export const ROOT_SPINNER_MS = 1000;
/**
 * Pages outside the funnel start analytics and error reporting this long after their content shows;
 * a funnel step starts them as soon as it has painted (FunnelStepRoute), which is sooner.
 */
export const TELEMETRY_FALLBACK_MS = 1500;

/**
 * Root layout: a spinner until 1 s after the page started loading (time spent loading translations
 * and the first route counts, so the visitor never waits twice), then the child route; a page view
 * on every location change (queued until the tracker loads after the first paint).
 */
export function RootLayout() {
  const [ready, setReady] = useState(() => performance.now() >= ROOT_SPINNER_MS);
  const location = useLocation();
  const { recordPageView, startTelemetry } = useAppServices();

  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), Math.max(0, ROOT_SPINNER_MS - performance.now()));
    return () => clearTimeout(timer);
  }, [ready]);

  // In the funnel the step itself starts telemetry once painted (a slow first step must not compete
  // with it); route errors start it by reporting.
  const inFunnel = Object.values(variants.basePaths).some((base) => location.pathname.startsWith(base));
  useEffect(() => {
    if (!ready || inFunnel) return;
    const timer = setTimeout(startTelemetry, TELEMETRY_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [ready, inFunnel, startTelemetry]);

  useEffect(() => {
    recordPageView(window.location.href);
  }, [location.pathname, location.search, recordPageView]);

  return ready ? <Outlet /> : <LoadingSpinner />;
}
