import type { MiddlewareHandler } from 'hono';

/** A Host or Origin host name this machine answers to that no other site can claim through DNS. */
function isLocalHostName(hostname: string, allowed: ReadonlySet<string>): boolean {
  const name = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (allowed.has(name)) return true;
  // RFC 6761: browsers resolve *.localhost to loopback themselves, without asking DNS.
  return name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1' || name === '::1';
}

/** The host name of a URL (an Origin) or of a bare `host[:port]` (a Host header); undefined if malformed. */
function hostNameOf(value: string): string | undefined {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname;
  } catch {
    return undefined;
  }
}

const SAFE_METHOD = /^(GET|HEAD|OPTIONS)$/;

/**
 * The dev routes (`/_dev/*`, Micro's API) have no auth: the mailbox shows recovery links (each one a
 * session) and `/_dev/revenuecat/subscriptions` grants subscriptions. So, like Vite's dev server:
 * - a request whose `Host` is not one of this machine's names is refused, which defeats DNS rebinding
 *   (a foreign name pointed at 127.0.0.1 still carries that name in `Host`);
 * - a state-changing request sent by a page of another site is refused: the browser says so in
 *   `Sec-Fetch-Site` and `Origin`. Requests without either (curl, tests, the stack's own clients) come
 *   from no web page and pass.
 * `siteUrl` adds SITE_URL's host name (a stack reached by another name on purpose).
 */
export function devRoutesGuard(siteUrl: string): MiddlewareHandler {
  const allowed = new Set([new URL(siteUrl).hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1')]);
  return async (c, next) => {
    // No Host at all: a request the stack dispatches in-process (server/local-fetch.ts: the functions'
    // mailer). A browser always sends one, so a rebinding page cannot leave it out.
    const hostHeader = c.req.header('host');
    const host = hostHeader === undefined ? 'localhost' : hostNameOf(hostHeader);
    if (host === undefined || !isLocalHostName(host, allowed)) {
      return c.json({ code: 'forbidden_host', message: 'The dev routes answer only this machine\'s host names (localhost, 127.0.0.1, ::1, SITE_URL).' }, 403);
    }
    if (!SAFE_METHOD.test(c.req.method)) {
      const site = c.req.header('sec-fetch-site');
      const origin = c.req.header('origin');
      const originHost = origin === undefined ? undefined : hostNameOf(origin);
      // A page of another port on this machine (a Vite dev server) is same-site and has a local Origin.
      const crossSite = site === 'cross-site' || (origin !== undefined && (originHost === undefined || !isLocalHostName(originHost, allowed)));
      if (crossSite) return c.json({ code: 'cross_site_request', message: 'The dev routes refuse state-changing requests from other sites.' }, 403);
    }
    await next();
  };
}
