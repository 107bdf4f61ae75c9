import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext } from '@playwright/test';
import { Hono } from 'hono';
import type { CompiledVariants } from '../../../engine/compiled-flow';
import { createConfidenceRoutes } from '../../../server/confidence/create-confidence-routes';
import { serveSpa } from '../../../server/serve-spa';

const execFileAsync = promisify(execFile);

/**
 * The production build, as `npm run build` makes it, from another flows directory (FLOWS_DIR, read by
 * engine/vite-plugin-flows.ts): a flow set that is not checked in, e.g. a test flow.
 */
export async function buildWithFlows(root: string, flowsDir: string, distDir: string): Promise<void> {
  await execFileAsync(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, FLOWS_DIR: flowsDir, FLOW_ORDER: '', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
}

/**
 * Answers the browser's requests to the app's origin from a throwaway build: its pages and chunks by
 * the local stack's own SPA middleware (server/serve-spa.ts), the flag by the stack's own Confidence
 * resolver over `variants`, as a stack started with that FLOWS_DIR serves them; everything else
 * (auth, REST, the mailbox) goes on to the running local stack.
 */
export async function serveThrowawayBuild(context: BrowserContext, origin: string, distDir: string, variants: CompiledVariants): Promise<void> {
  const spa = new Hono();
  spa.use('*', serveSpa(distDir));
  spa.route('/confidence', createConfidenceRoutes({ variants: () => variants }).routes);
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
