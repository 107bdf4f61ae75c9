import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAppServices } from './app-services-context';
import { LoadingSpinner } from './loading-spinner';

/** Spec: the root layout shows a spinner for 1 s before the child route. */
export const ROOT_SPINNER_MS = 1000;

/**
 * Root layout: a spinner until 1 s after the page started loading (time spent loading translations
 * and the first route counts, so the visitor never waits twice), then the child route; a page view
 * on every location change.
 */
export function RootLayout() {
  const [ready, setReady] = useState(() => performance.now() >= ROOT_SPINNER_MS);
  const location = useLocation();
  const { recordPageView } = useAppServices();

  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), Math.max(0, ROOT_SPINNER_MS - performance.now()));
    return () => clearTimeout(timer);
  }, [ready]);

  useEffect(() => {
    recordPageView(window.location.href);
  }, [location.pathname, location.search, recordPageView]);

  return ready ? <Outlet /> : <LoadingSpinner />;
}
