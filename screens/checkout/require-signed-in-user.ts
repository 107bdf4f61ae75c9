import { redirect } from 'react-router';
import type { AuthUser } from '../../services/account/auth-service';
import type { AppServices } from '../../services/composition-root';

/** Checkout requires a signed-in user; others go to sign-in with `path` holding where they were, so they come back. */
export async function requireSignedInUser(services: Pick<AppServices, 'auth'>, request: Request): Promise<AuthUser> {
  const user = services.auth.mayHaveSession() ? await services.auth.currentUser() : null;
  if (user) return user;
  const { pathname, search } = new URL(request.url);
  throw redirect(`/account/sign-in?${new URLSearchParams({ path: `${pathname}${search}` }).toString()}`);
}
