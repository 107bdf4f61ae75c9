import { redirect, type LoaderFunction } from 'react-router';
import { subscriptionList, type SubscriptionListRow } from '../../engine/subscription-list';
import { subscriptionStandings, type StandingRow } from '../../engine/subscription-standing';
import type { AccountArea } from '../../services/account/account-area';

export interface SubscriptionLoaderData {
  readonly email: string;
  readonly subscriptions: readonly SubscriptionListRow[];
  /** The same subscriptions with where each stands now, in the page's order. */
  readonly standings: readonly StandingRow[];
}

/**
 * /account/subscription is for signed-in users only: others go to sign-in with `path` holding this
 * page, so they come back after logging in. The subscriptions come from the receipt service.
 */
export function createSubscriptionLoader(areas: { readonly account: AccountArea }): LoaderFunction {
  return async ({ request }): Promise<SubscriptionLoaderData> => {
    const user = areas.account.auth.mayHaveSession() ? await areas.account.auth.currentUser() : null;
    if (!user) {
      const { pathname, search } = new URL(request.url);
      throw redirect(`/account/sign-in?${new URLSearchParams({ path: `${pathname}${search}` }).toString()}`);
    }
    const record = await areas.account.receipts.subscriber(user.id);
    const subscriptions = subscriptionList(record.subscriber?.subscriptions);
    return { email: user.email ?? '', subscriptions, standings: subscriptionStandings(subscriptions, new Date()) };
  };
}
