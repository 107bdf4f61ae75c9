import type { Context } from 'hono';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-error';
import { authStore } from './auth-store';
import { authenticateRequest } from './authenticate-request';

/**
 * POST /logout?scope=global|local|others (GoTrue's Logout): ends every session of the user (global, the
 * default), only this one (local) or all but this one (others), and answers 204. Ending a session
 * deletes its refresh tokens, and its access tokens fail /user with `session_not_found`.
 */
export async function handleLogout(c: Context, ctx: AuthContext): Promise<Response> {
  const { user, session } = await authenticateRequest(c, ctx);
  const scope = c.req.query('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scope)) {
    throw new AuthError(400, 'validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`);
  }
  if (session !== undefined && scope === 'local') {
    await authStore.deleteSession(ctx.db, session.id);
  } else if (session !== undefined && scope === 'others') {
    await authStore.deleteSessionsOfUser(ctx.db, user.id, session.id);
  } else {
    await authStore.deleteSessionsOfUser(ctx.db, user.id);
  }
  return c.body(null, 204);
}
