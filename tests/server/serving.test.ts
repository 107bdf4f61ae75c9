import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

describe('serving the SPA', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'local-stack-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title><script type="module" src="/assets/index-AbC123.js"></script>');
    writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // What the build's compression step writes beside each text file.
    for (const file of ['index.html', 'assets/index-AbC123.js']) {
      const body = readFileSync(join(dist, file));
      writeFileSync(join(dist, `${file}.br`), brotliCompressSync(body));
      writeFileSync(join(dist, `${file}.gz`), gzipSync(body));
    }
    // A prerendered first step (the build writes one per flow).
    mkdirSync(join(dist, 'onboarding', 'gender'), { recursive: true });
    writeFileSync(
      join(dist, 'onboarding', 'gender', 'index.html'),
      '<!doctype html><title>prerendered</title><style>h1{color:red}</style><script>boot()</script><h1>What is your gender?</h1><div style="width:50%"></div>',
    );
    server = await startTestServer({ distDir: dist });
  });
  afterAll(() => server.close());

  it('caches hashed assets for a year and revalidates index.html', async () => {
    const asset = await fetch(`${server.url}/assets/index-AbC123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
    const index = await fetch(`${server.url}/`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('<title>app</title>');
  });

  it('sends the precompressed file the browser accepts: brotli first, then gzip, else identity', async () => {
    for (const path of ['/assets/index-AbC123.js', '/', '/checkout/plans']) {
      const br = await fetch(`${server.url}${path}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
      expect(br.headers.get('content-encoding'), path).toBe('br');
      expect(br.headers.get('vary'), path).toContain('Accept-Encoding');
      // fetch decodes it: the body is the original file.
      expect(await br.text(), path).toMatch(/console\.log\(1\)|<title>app<\/title>/);
      const gzip = await fetch(`${server.url}${path}`, { headers: { 'Accept-Encoding': 'gzip, deflate' } });
      expect(gzip.headers.get('content-encoding'), path).toBe('gzip');
      expect(await gzip.text(), path).toMatch(/console\.log\(1\)|<title>app<\/title>/);
      const identity = await fetch(`${server.url}${path}`, { headers: { 'Accept-Encoding': 'identity' } });
      expect(identity.headers.get('content-encoding'), path).toBeNull();
      expect(identity.headers.get('vary'), path).toContain('Accept-Encoding');
      expect(await identity.text(), path).toMatch(/console\.log\(1\)|<title>app<\/title>/);
    }
  });

  it('answers a revalidation of a page with 304 from its ETag, and serves a prerendered step as its page', async () => {
    const first = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^".+"$/);
    const again = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': tag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    // Another encoding is another representation: it must not match the brotli file's tag.
    const gzip = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': tag ?? '' } });
    expect(gzip.status).toBe(200);
    const step = await fetch(`${server.url}/onboarding/gender`);
    expect(step.headers.get('cache-control')).toBe('no-cache');
    expect(await step.text()).toContain('What is your gender?');
    // Its inline boot script, critical CSS and style attribute are allowed by hash, nothing else inline.
    const hash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const csp = step.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`script-src 'self' ${escapeRegExp(hash('boot()'))}(;|$)`));
    expect(csp).toContain(`style-src 'self' ${hash('h1{color:red}')} 'unsafe-hashes' ${hash('width:50%')}`);
    expect(csp).not.toContain('unsafe-inline');
    // Pages without inline code keep the plain policy.
    expect((await fetch(`${server.url}/`)).headers.get('content-security-policy')).toContain("script-src 'self';");
  });

  it('falls back to index.html for client routes, not for missing assets or API paths', async () => {
    const page = await fetch(`${server.url}/checkout/plans?currency=eur`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>app</title>');
    expect((await fetch(`${server.url}/assets/missing-123.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/rest/v1/`)).status).toBe(404);
    for (const api of ['/api/v1/missing', '/confidence/v1/missing', '/meta/missing.js', '/micro/missing', '/com.snowplowanalytics.snowplow/missing']) {
      expect((await fetch(`${server.url}${api}`)).headers.get('content-type') ?? '', api).not.toContain('text/html');
    }
    expect((await fetch(`${server.url}/../../etc/passwd`)).status).not.toBe(500);
  });

  it('sends security headers with a CSP that allows only this origin', async () => {
    const response = await fetch(`${server.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('answers CORS preflights for the headers supabase-js sends', async () => {
    const preflight = await fetch(`${server.url}/rest/v1/profiles`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-client-info, prefer, content-profile',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = preflight.headers.get('access-control-allow-headers') ?? '';
    for (const header of ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-supabase-api-version', 'prefer', 'content-profile', 'accept-profile']) {
      expect(allowed).toContain(header);
    }
    const auth = await fetch(`${server.url}/auth/v1/token?grant_type=password`, { method: 'OPTIONS', headers: { Origin: 'http://x', 'Access-Control-Request-Method': 'POST' } });
    expect(auth.status).toBe(204);
  });
});

describe('without a build', () => {
  it('starts and answers page paths with a 404 page', async () => {
    const server = await startTestServer();
    try {
      const page = await fetch(`${server.url}/onboarding`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('The app is not built');
      expect((await fetch(`${server.url}/rest/v1/fx_rates?select=eur`, { headers: { apikey: server.apiKeys.anonKey } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
