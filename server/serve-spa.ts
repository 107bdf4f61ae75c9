import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { inlineSourceHashes, type InlineSourceHashes } from './inline-source-hashes';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set for an HTML page (absent otherwise): create-app.ts adds these hashes to the page's CSP. */
    inlineSourceHashes: InlineSourceHashes | undefined;
  }
}

/** Paths the SPA fallback never answers: they belong to the API, or are assets that must 404. */
// Every prefix server/create-app.ts mounts an API on (Supabase, RevenueCat, Stripe, the product API and
// Sentry under /api, Confidence, the Meta stand-ins, Snowplow's collector and Micro): a missing script
// or endpoint there must be a 404, never index.html parsed as JavaScript.
const NOT_SPA = /^\/(auth|rest|functions|revenuecat|storage|realtime|v1|api|confidence|meta|micro|com\.snowplowanalytics\.snowplow)\/|^\/_dev\/|^\/_stripe-js\/|^\/assets\//;

/** Hashed file names change with their content, so a browser or CDN may keep them for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (HTML, locale files, images under public/): kept, but revalidated on each use. */
export const REVALIDATE = 'no-cache';

/** The build writes these beside each compressible file (vite-plugin-compression2 in vite.config.ts). */
const PRECOMPRESSED = /\.(br|gz|zst)$/;

/**
 * The built SPA from `distDir`, served the way a CDN would serve it:
 * - the `.br` / `.gz` files the build wrote beside each file, chosen by Accept-Encoding (brotli first),
 *   with `Vary: Accept-Encoding`; nothing is compressed per request;
 * - hashed `/assets/*` cached for a year (immutable), everything else revalidated (`no-cache`) with an
 *   ETag, so a revalidation costs a 304;
 * - a prerendered page when the build wrote one (`onboarding/gender/index.html`, the first step of each
 *   flow), index.html for any other page path (client-side routing).
 * Without a build, page paths get a 404 page saying how to build.
 */
export function serveSpa(distDir: string): MiddlewareHandler {
  const indexFile = join(distDir, 'index.html');
  const assetsDir = join(distDir, 'assets');
  // Per file and modification time: a rebuild while the server runs is picked up.
  const hashCache = new Map<string, { readonly mtimeMs: number; readonly hashes: InlineSourceHashes }>();
  const hashesOf = (file: string): InlineSourceHashes => {
    const { mtimeMs } = statSync(file);
    const cached = hashCache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.hashes;
    const hashes = inlineSourceHashes(readFileSync(file, 'utf8'));
    hashCache.set(file, { mtimeMs, hashes });
    return hashes;
  };
  const onFound = (path: string, c: Context): void => {
    c.header('Cache-Control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    const original = path.replace(PRECOMPRESSED, '');
    if (original.endsWith('.html')) c.set('inlineSourceHashes', hashesOf(original));
    if (original !== path || existsSync(`${original}.br`) || existsSync(`${original}.gz`)) c.header('Vary', 'Accept-Encoding');
    // A validator from the file actually sent (each encoding is its own representation).
    const stats = statSync(path);
    c.header('ETag', `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}${original === path ? '' : path.slice(original.length)}"`);
  };
  // Built lazily: the build may appear after start-up, and serveStatic complains about a missing root.
  let files: MiddlewareHandler | undefined;
  const makeFiles = (): MiddlewareHandler => serveStatic({ root: distDir, precompressed: true, onFound });
  const fallback = serveStatic({ path: indexFile, precompressed: true, onFound });
  // Answers If-None-Match with a 304 from the ETag set above.
  const revalidate = etag();

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    if (files === undefined && existsSync(distDir)) files = makeFiles();
    // A holder, not a let: the assignment happens inside the callback.
    const served: { page?: Response } = {};
    await revalidate(c, async () => {
      const file = files === undefined ? undefined : await files(c, async () => undefined);
      const page = file instanceof Response || NOT_SPA.test(c.req.path) || !existsSync(indexFile) ? file : await fallback(c, async () => undefined);
      if (page instanceof Response) {
        c.res = page;
        served.page = page;
      }
    });
    if (served.page !== undefined) return c.res;
    if (NOT_SPA.test(c.req.path)) return next();
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App not built</title></head>` +
        `<body><h1>The app is not built</h1><p>No ${indexFile}. Run <code>npm start</code> (it builds when needed) or <code>npx vite build</code>.</p></body></html>`,
      404,
      { 'Cache-Control': 'no-store' },
    );
  };
}
