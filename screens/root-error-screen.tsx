import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useAppServices } from './app-services-context';
import { ErrorScreen } from './error-screen';

/** Root route's error boundary: route errors (404, failed loaders) and render failures of any route. */
export function RootErrorScreen() {
  const error = useRouteError();
  const { reportError } = useAppServices();
  useEffect(() => reportError(error), [error, reportError]);
  return <ErrorScreen error={error} />;
}
