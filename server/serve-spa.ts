import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';

/** Paths the SPA fallback never answers: they belong to the API, or are assets that must 404. */
// Every prefix server/create-app.ts mounts an API on (Supabase, RevenueCat, Stripe, the product API and
// Sentry under /api, Confidence, the Meta stand-ins, Snowplow's collector and Micro): a missing script
// or endpoint there must be a 404, never index.html parsed as JavaScript.
const NOT_SPA = /^\/(auth|rest|functions|revenuecat|storage|realtime|v1|api|confidence|meta|micro|com\.snowplowanalytics\.snowplow)\/|^\/_dev\/|^\/_stripe-js\/|^\/assets\//;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built SPA from `distDir`: hashed `/assets/*` cached for a year, everything else (index.html,
 * locale files, icons) revalidated on each use, and index.html for any other page path (client-side
 * routing). Without a build, page paths get a 404 page saying how to build.
 */
export function serveSpa(distDir: string): MiddlewareHandler {
  const indexFile = join(distDir, 'index.html');
  // Built lazily: the build may appear after start-up, and serveStatic complains about a missing root.
  let files: MiddlewareHandler | undefined;
  const makeFiles = (): MiddlewareHandler => serveStatic({
    root: distDir,
    onFound: (path, c) => {
      c.header('Cache-Control', path.startsWith(join(distDir, 'assets')) ? IMMUTABLE : 'no-cache');
    },
  });
  const fallback = serveStatic({
    path: indexFile,
    onFound: (_path, c) => {
      c.header('Cache-Control', 'no-cache');
    },
  });

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (files === undefined && existsSync(distDir)) files = makeFiles();
    const served = files === undefined ? undefined : await files(c, async () => undefined);
    if (served instanceof Response) return served;
    if (NOT_SPA.test(c.req.path)) return next();
    if (!existsSync(indexFile)) {
      return c.html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App not built</title></head>` +
          `<body><h1>The app is not built</h1><p>No ${indexFile}. Run <code>npm start</code> (it builds when needed) or <code>npx vite build</code>.</p></body></html>`,
        404,
        { 'Cache-Control': 'no-store' },
      );
    }
    const page = await fallback(c, async () => undefined);
    return page instanceof Response ? page : next();
  };
}
