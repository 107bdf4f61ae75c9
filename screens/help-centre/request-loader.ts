import { redirect, type LoaderFunction } from 'react-router';
import { eligibleCounts, type EligibleCounts, type HelpCentreAction } from '../../engine/subscription-eligibility';
import type { AccountArea } from '../../services/account/account-area';

export interface RequestLoaderData {
  readonly action: HelpCentreAction;
  readonly email: string;
  readonly counts: EligibleCounts;
}

/** The cancelation / refund index: this user's subscriptions from the receipt service, as eligible counts per store. */
export function createRequestLoader(areas: { readonly account: AccountArea }, action: HelpCentreAction): LoaderFunction {
  return async ({ request }): Promise<RequestLoaderData> => {
    // The parent route checked the session too; a session that ended in between still goes to sign-in.
    const user = await areas.account.auth.currentUser();
    if (!user) {
      const { pathname } = new URL(request.url);
      throw redirect(`/account/sign-in?${new URLSearchParams({ path: pathname }).toString()}`);
    }
    const record = await areas.account.receipts.subscriber(user.id);
    return { action, email: user.email ?? '', counts: eligibleCounts(record.subscriber?.subscriptions, action, new Date()) };
  };
}
