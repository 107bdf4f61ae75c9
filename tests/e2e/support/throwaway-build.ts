import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BrowserContext } from '@playwright/test';
import { Hono } from 'hono';
import { serveSpa } from '../../../server/serve-spa';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The production build, as `npm run build` makes it, into `outDir`, with the given environment (FLOWS_DIR, PAYWALLS_FILE). */
export async function buildApp(outDir: string, env: Readonly<Record<string, string>>): Promise<void> {
  await promisify(execFile)(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', ...env },
  });
}

/**
 * Answers the browser's requests to `origin` from a throwaway build through the local stack's own SPA
 * middleware (server/serve-spa.ts), plus the routes `extend` adds; whatever they pass on (auth, REST,
 * functions, the mailbox) goes on to the running local stack. No second server to start.
 */
export async function serveBuild(context: BrowserContext, origin: string, distDir: string, extend: (app: Hono) => void = () => {}): Promise<void> {
  const spa = new Hono();
  spa.use('*', serveSpa(distDir));
  extend(spa);
  spa.notFound(() => new Response(null, { status: 404, headers: { 'x-not-spa': '1' } }));
  await context.route(
    (url) => url.origin === origin,
    async (route) => {
      const request = route.request();
      const body = request.method() === 'GET' || request.method() === 'HEAD' ? undefined : request.postData();
      const answer = await spa.fetch(new Request(request.url(), { method: request.method(), ...(body === null || body === undefined ? {} : { body }) }));
      if (answer.headers.get('x-not-spa') === '1') return route.continue();
      return route.fulfill({ status: answer.status, headers: Object.fromEntries(answer.headers), body: Buffer.from(await answer.arrayBuffer()) });
    },
  );
}
