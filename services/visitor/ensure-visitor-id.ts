export const VISITOR_COOKIE = 'cnfdVisitorId';
/** Spec: the visitor cookie lives 5 years. */
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 5 * 365 * 24 * 60 * 60;

/** The part of `Document` this needs, so tests can pass a plain object. */
export interface CookieJar {
  cookie: string;
  readonly location?: { readonly protocol: string };
}

/**
 * Returns the visitor id from the `cnfdVisitorId` cookie, creating it (random UUID) on the first visit.
 * It is the experiment's `visitor_id`, so the same visitor keeps the same variant.
 *
 * The cookie is written with the spec's 5-year lifetime on every visit, not only the first: browsers
 * cap cookie lifetimes (Chromium at 400 days), so refreshing it is what keeps a returning visitor's id
 * beyond that cap.
 */
export function ensureVisitorId(jar: CookieJar = document, randomId: () => string = () => crypto.randomUUID()): string {
  const id = readVisitorId(jar) ?? randomId();
  const secure = jar.location?.protocol === 'https:' ? '; Secure' : '';
  jar.cookie = `${VISITOR_COOKIE}=${encodeURIComponent(id)}; Max-Age=${VISITOR_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  return id;
}

/** The visitor id, or undefined when the cookie is missing (sign-up reports that case). */
export function readVisitorId(jar: CookieJar = document): string | undefined {
  for (const part of jar.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === VISITOR_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      if (value) return value;
    }
  }
  return undefined;
}
