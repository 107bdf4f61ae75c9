import { redirect, type LoaderFunction } from 'react-router';
import { subscriptionList, type SubscriptionListRow } from '../../engine/subscription-list';
import type { AppServices } from '../../services/composition-root';

export interface SubscriptionLoaderData {
  readonly email: string;
  readonly subscriptions: readonly SubscriptionListRow[];
}

/**
 * /account/subscription is for signed-in users only: others go to sign-in with `path` holding this
 * page, so they come back after logging in. The subscriptions come from the receipt service.
 */
export function createSubscriptionLoader(services: AppServices): LoaderFunction {
  return async ({ request }): Promise<SubscriptionLoaderData> => {
    const user = services.auth.mayHaveSession() ? await services.auth.currentUser() : null;
    if (!user) {
      const { pathname, search } = new URL(request.url);
      throw redirect(`/account/sign-in?${new URLSearchParams({ path: `${pathname}${search}` }).toString()}`);
    }
    const record = await services.receipts.subscriber(user.id);
    return { email: user.email ?? '', subscriptions: subscriptionList(record.subscriber?.subscriptions) };
  };
}
