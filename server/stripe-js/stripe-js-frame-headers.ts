import type { MiddlewareHandler } from 'hono';

/**
 * Security headers of the sandbox's frames. The app-wide policy forbids framing (frame-ancestors
 * 'none', X-Frame-Options DENY); these pages exist to be framed by the app, which may be served by
 * this stack or by a Vite dev server on another localhost port. Registered before the app-wide
 * middleware, so this runs after it and has the last word on these paths only.
 */
export function stripeJsFrameHeaders(): MiddlewareHandler {
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self' http://localhost:* http://127.0.0.1:*",
  ].join('; ');
  return async (c, next) => {
    await next();
    c.res.headers.set('Content-Security-Policy', policy);
    c.res.headers.delete('X-Frame-Options');
    // The frame must never leak the client secret in its fragment-free URL either; no referrer at all.
    c.res.headers.set('Referrer-Policy', 'no-referrer');
  };
}
