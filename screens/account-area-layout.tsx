import { Suspense } from 'react';
import { Outlet, useLoaderData } from 'react-router';
import { AccountNav } from './account-nav';
import { BrandHeader } from './brand/brand-header';
import { LoadingSpinner } from './loading-spinner';
import type { AccountNavLoaderData } from './account/account-nav-loader';
import './account-pages.css';

/**
 * Layout of the account area and the help centre: the brand header, the customer's navigation
 * (account-nav.tsx), then the page. The sign-up and checkout pages use AccountLayout, without the
 * navigation: a visitor there is in the middle of the funnel, not managing an account.
 */
export function AccountAreaLayout() {
  const { signedIn } = useLoaderData<AccountNavLoaderData>();
  return (
    <div className="area-layout">
      <BrandHeader />
      <AccountNav signedIn={signedIn} />
      <Suspense fallback={<LoadingSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
