import type { Context } from 'hono';
import type { AuthContext } from './auth-context';
import { resolveRedirectUrl } from './resolve-redirect-url';

/**
 * GoTrue's GetReferrer: the `redirect_to` query parameter, else the Referer header, accepted only when
 * it is on the site's origin (or an allowed one); otherwise the site URL.
 */
export function requestedRedirect(c: Context, ctx: AuthContext): string {
  const requested = c.req.query('redirect_to') ?? c.req.header('referer');
  return resolveRedirectUrl(requested, ctx.config.siteUrl, ctx.allowedRedirectOrigins);
}
