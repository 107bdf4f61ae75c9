import { redirect } from 'react-router';
import type { AuthUser } from '../../services/account/auth-service';
import type { AccountArea } from '../../services/account/account-area';

/** Checkout requires a signed-in user; others go to sign-in with `path` holding where they were, so they come back. */
export async function requireSignedInUser(areas: { readonly account: Pick<AccountArea, 'auth'> }, request: Request): Promise<AuthUser> {
  const user = areas.account.auth.mayHaveSession() ? await areas.account.auth.currentUser() : null;
  if (user) return user;
  const { pathname, search } = new URL(request.url);
  throw redirect(`/account/sign-in?${new URLSearchParams({ path: `${pathname}${search}` }).toString()}`);
}
