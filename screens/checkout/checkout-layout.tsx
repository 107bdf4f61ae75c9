import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BrandHeader } from '../brand/brand-header';
import { LoadingSpinner } from '../loading-spinner';
import '../account-pages.css';
import './checkout.css';

/**
 * Layout of the checkout pages: the funnel's header (Back, wordmark, help centre) above the page. The
 * checkout namespace loads on first use, so pages suspend until the texts are there.
 */
export function CheckoutLayout() {
  return (
    <div className="area-layout">
      <BrandHeader />
      <Suspense fallback={<LoadingSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
