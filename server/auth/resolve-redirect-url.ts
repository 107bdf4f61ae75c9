/**
 * Where GoTrue may send a browser after a link: the requested URL when it is on the site's own origin
 * (or one of `allowedOrigins`), otherwise the site URL itself, as GoTrue falls back to SITE_URL for a
 * redirect outside its allow list. Only http(s) URLs qualify, so a `javascript:` target never does.
 */
export function resolveRedirectUrl(
  requested: string | undefined,
  siteUrl: string,
  allowedOrigins: readonly string[] = [],
): string {
  if (requested === undefined || requested === '') return siteUrl;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return siteUrl;
  const origins = new Set([new URL(siteUrl).origin, ...allowedOrigins.map((origin) => new URL(origin).origin)]);
  return origins.has(url.origin) ? url.toString() : siteUrl;
}
