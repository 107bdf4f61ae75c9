import { redirect, type LoaderFunction } from 'react-router';
import type { AccountArea } from '../../services/account/account-area';

export interface SignedInLoaderData {
  readonly email: string;
}

/**
 * The help centre's cancelation and refund pages are for signed-in users only: others go to sign-in
 * with `path` holding the page they asked for, so they come back after logging in.
 */
export function createSignedInLoader(areas: { readonly account: AccountArea }): LoaderFunction {
  return async ({ request }): Promise<SignedInLoaderData> => {
    const user = areas.account.auth.mayHaveSession() ? await areas.account.auth.currentUser() : null;
    if (!user) {
      const { pathname, search } = new URL(request.url);
      throw redirect(`/account/sign-in?${new URLSearchParams({ path: `${pathname}${search}` }).toString()}`);
    }
    return { email: user.email ?? '' };
  };
}
