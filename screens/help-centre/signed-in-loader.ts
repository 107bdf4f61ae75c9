import { redirect, type LoaderFunction } from 'react-router';
import type { AppServices } from '../../services/composition-root';

export interface SignedInLoaderData {
  readonly email: string;
}

/**
 * The help centre's cancelation and refund pages are for signed-in users only: others go to sign-in
 * with `path` holding the page they asked for, so they come back after logging in.
 */
export function createSignedInLoader(services: AppServices): LoaderFunction {
  return async ({ request }): Promise<SignedInLoaderData> => {
    const user = services.auth.mayHaveSession() ? await services.auth.currentUser() : null;
    if (!user) {
      const { pathname, search } = new URL(request.url);
      throw redirect(`/account/sign-in?${new URLSearchParams({ path: `${pathname}${search}` }).toString()}`);
    }
    return { email: user.email ?? '' };
  };
}
