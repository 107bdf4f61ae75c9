import { AccountLayout } from '../account-layout';
import './checkout.css';

/**
 * Layout of the checkout pages: the account area's (the funnel's header above the page, pages
 * suspended until their namespace's texts are there), with the checkout's own styles.
 */
export function CheckoutLayout() {
  return <AccountLayout />;
}
