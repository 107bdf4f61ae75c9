import { redirect, type LoaderFunction, type ShouldRevalidateFunction } from 'react-router';
import type { AccountArea } from '../../services/account/account-area';

/**
 * The shared check on funnel entry, as the loader of each flow's route: a signed-in visitor is sent to
 * /account/subscription (active subscription) or /checkout/plans (otherwise). For visitors without a
 * stored session it answers at once without loading supabase-js (see AuthService.mayHaveSession).
 */
export function funnelEntryLoader(account: Pick<AccountArea, 'signedInDestination'>): LoaderFunction {
  return async () => {
    const destination = await account.signedInDestination();
    return destination === undefined ? null : redirect(destination);
  };
}

/**
 * The check runs when the visitor enters a flow, not again on every step inside it: the flow's route
 * stays matched between steps, and a new entry (from outside the flow) is a new match that loads.
 */
export const funnelEntryShouldRevalidate: ShouldRevalidateFunction = () => false;
