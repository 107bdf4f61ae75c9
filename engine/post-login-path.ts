/**
 * Where the sign-in page sends a visitor after login: the `path` query parameter when it is a safe
 * same-origin path, otherwise by subscription status (active -> /account/subscription, inactive ->
 * /checkout/plans, none -> /). Any other status throws "Unhandled subscription status" (spec).
 */
export function postLoginPath(requestedPath: string | null | undefined, status: string): string {
  const safe = safeRedirectPath(requestedPath);
  if (safe !== undefined) return safe;
  switch (status) {
    case 'active':
      return '/account/subscription';
    case 'inactive':
      return '/checkout/plans';
    case 'none':
      return '/';
    default:
      throw new Error('Unhandled subscription status');
  }
}

/**
 * A redirect target that stays on this site: a path starting with a single `/` (so not `//host` or
 * `/\host`, which browsers read as another host), without control characters. Anything else is
 * undefined, so a crafted sign-in link cannot send a visitor elsewhere after they log in.
 */
export function safeRedirectPath(path: string | null | undefined): string | undefined {
  if (!path || !path.startsWith('/')) return undefined;
  if (path.startsWith('//') || path.startsWith('/\\')) return undefined;
  // Tabs and newlines are stripped by URL parsers ("/\t/evil.com" becomes "//evil.com").
  // Control characters are what this check rejects (header and log injection through the redirect).
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return undefined;
  const resolved = new URL(path, 'https://same-origin.invalid');
  if (resolved.origin !== 'https://same-origin.invalid') return undefined;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
