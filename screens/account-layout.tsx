import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingSpinner } from './loading-spinner';
import './account-pages.css';

/**
 * Layout of the sign-up pages and the account area: their translation namespaces load on first use
 * (they are not part of the funnel's start-up), so pages suspend until the texts are there.
 */
export function AccountLayout() {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <Outlet />
    </Suspense>
  );
}
