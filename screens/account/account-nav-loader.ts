import type { LoaderFunction } from 'react-router';
import type { AccountArea } from '../../services/account/account-area';

export interface AccountNavLoaderData {
  readonly signedIn: boolean;
}

/**
 * Whether the navigation offers sign-out or sign-in. Runs when the area is entered and again after
 * every form action (sign-in, sign-out), so it follows the session. A session lookup that fails on the
 * network falls back to whether a session is stored: the page's own loader reports the failure.
 */
export function createAccountNavLoader(areas: { readonly account: AccountArea }): LoaderFunction {
  return async (): Promise<AccountNavLoaderData> => {
    const { auth } = areas.account;
    if (!auth.mayHaveSession()) return { signedIn: false };
    try {
      return { signedIn: (await auth.currentUser()) !== null };
    } catch {
      return { signedIn: true };
    }
  };
}
