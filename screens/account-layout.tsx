import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BrandHeader } from './brand/brand-header';
import { LoadingSpinner } from './loading-spinner';
import './account-pages.css';

/**
 * Layout of the sign-up pages and the account area: the funnel's header (Back, wordmark, help
 * centre) above the page. Their translation namespaces load on first use (they are not part of the
 * funnel's start-up), so pages suspend until the texts are there.
 */
export function AccountLayout() {
  return (
    <div className="area-layout">
      <BrandHeader />
      <Suspense fallback={<LoadingSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
