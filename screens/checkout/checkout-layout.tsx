import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingSpinner } from '../loading-spinner';
import '../account-pages.css';
import './checkout.css';

/** Layout of the checkout pages: the checkout namespace loads on first use, so pages suspend until the texts are there. */
export function CheckoutLayout() {
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <Outlet />
    </Suspense>
  );
}
