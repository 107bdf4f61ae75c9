import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';
import { useTelemetryArea } from './areas/area-contexts';

/** Root route's error boundary: route errors (404, failed loaders) and render failures of any route. */
export function RootErrorScreen() {
  const error = useRouteError();
  const { reportError } = useTelemetryArea();
  const { pathname } = useLocation();
  // A route response (404, a loader's thrown Response) is data, not an Error: the report gets a real
  // Error that names it, so it groups and reads like the others.
  useEffect(
    () => reportError(isRouteErrorResponse(error) ? new Error(`Route error ${error.status} ${error.statusText} at ${pathname}`) : error),
    [error, reportError, pathname],
  );
  return <ErrorScreen error={error} />;
}
