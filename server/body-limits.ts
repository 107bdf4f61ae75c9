import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { TP2_PATH } from './snowplow/create-collector-routes';

const KiB = 1024;
const MiB = 1024 * KiB;

interface BodyLimit {
  readonly path: RegExp;
  /** 'route': the route enforces its own limit in its own error shape (listed so the fallback leaves it). */
  readonly maxBytes: number | 'route';
  readonly tooLarge?: (c: Context) => Response;
}

/**
 * The most a request body may be, per service, first match wins; docs/local-stack.md lists them with
 * where each figure comes from. Past it the answer is 413 in that service's own error shape, and
 * nothing of the body is stored.
 */
const bodyLimits: readonly BodyLimit[] = [
  { path: /^\/auth\/v1\//, maxBytes: 'route' }, // GoTrue's 1 MiB (server/auth/create-auth-routes.ts)
  { path: /^\/rest\/v1\//, maxBytes: 'route' }, // PostgREST's PGRST413 at 1 MiB (server/rest/create-rest-routes.ts)
  { path: /^\/api\/v1\/sherlock\//, maxBytes: 'route' }, // 64 KiB (server/api/sherlock/create-sherlock-routes.ts)
  // Relay's envelope limit is far higher; ours is stated (server/sentry/create-sentry-routes.ts).
  { path: /^\/api\/\d+\/envelope\/?$/, maxBytes: 5 * MiB, tooLarge: (c) => c.json({ detail: 'envelope exceeds size limit' }, 413) },
  // Supabase's gateway: a stated 1 MiB (the functions take bodies under 2 KiB; Stripe's events are far below).
  { path: /^\/functions\/v1\//, maxBytes: MiB, tooLarge: (c) => c.json({ code: 413, message: 'Request body too large' }, 413) },
  // Snowplow's collector: a payload must fit its sink's record, 1 MB by default (Kinesis' maxBytes).
  { path: new RegExp(`^${TP2_PATH.replace(/\./g, '\\.')}$`), maxBytes: 1_000_000, tooLarge: (c) => c.text('Request entity too large', 413) },
  // The product API's own endpoints (net_amounts, geolocation) take a few hundred bytes: a stated 16 KiB.
  { path: /^\/api\/v1\//, maxBytes: 16 * KiB, tooLarge: (c) => c.json({ code: 'payload_too_large', message: 'Request body too large: at most 16 KiB.' }, 413) },
  // Stripe: a stated 1 MiB (a form body of the emulated routes is a few KiB), in Stripe's error shape.
  { path: /^\/v1\//, maxBytes: MiB, tooLarge: (c) => c.json({ error: { type: 'invalid_request_error', message: 'Request body too large: at most 1 MiB.' } }, 413) },
  // Everything else (RevenueCat, the Conversions API, the flag resolver, the dev routes): a stated 1 MiB.
  { path: /^\//, maxBytes: MiB, tooLarge: (c) => c.json({ code: 'payload_too_large', message: 'Request body too large: at most 1 MiB.' }, 413) },
];

/** Applies the first matching limit of `bodyLimits` to every request with a body. */
export function bodyLimitsByPath(): MiddlewareHandler {
  const middlewares = bodyLimits.map((limit) => {
    const { maxBytes, tooLarge } = limit;
    if (maxBytes === 'route' || tooLarge === undefined) return undefined;
    return bodyLimit({
      maxSize: maxBytes,
      onError: (c) => {
        // The rest of the body is never read, so the connection cannot carry another request.
        c.header('Connection', 'close');
        return tooLarge(c);
      },
    });
  });
  return async (c, next) => {
    const index = bodyLimits.findIndex((limit) => limit.path.test(c.req.path));
    const middleware = index === -1 ? undefined : middlewares[index];
    if (middleware === undefined) {
      await next();
      return undefined;
    }
    return middleware(c, next);
  };
}
