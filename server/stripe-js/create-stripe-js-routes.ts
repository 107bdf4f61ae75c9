import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Hono } from 'hono';

/** The repository root, from the sources (server/stripe-js/) and from the compiled server (dist-server/server/) alike. */
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const frameDir = join(repoRoot, 'server', 'stripe-js', 'frame');

/** The pages and their titles: two frames the sandbox embeds, and the top-level PayPal approval page. */
const FRAMES = {
  'payment-element': 'Secure payment input frame',
  'three-d-secure': '3D Secure authentication',
  'paypal-approval': 'PayPal (local test)',
} as const;

type FrameName = keyof typeof FRAMES;

const isFrameName = (name: string): name is FrameName => Object.hasOwn(FRAMES, name);

/**
 * `/_stripe-js/*`: the frames of the Stripe.js sandbox (services/payments/sandbox/), served by the
 * stack the way js.stripe.com serves Stripe's element frames, so card numbers are typed into a
 * document the app's page cannot read; and the PayPal approval page the emulator redirects to. The scripts are bundled from server/stripe-js/frame/ with
 * esbuild on first request and kept in memory.
 */
export function createStripeJsRoutes(): Hono {
  const routes = new Hono();
  let bundles: Promise<ReadonlyMap<string, string>> | undefined;
  const loadBundles = (): Promise<ReadonlyMap<string, string>> => {
    bundles ??= bundleFrames();
    // A failed build (a syntax error while editing) must not stick: the next request tries again.
    bundles.catch(() => (bundles = undefined));
    return bundles;
  };

  routes.get('/:file{[a-z-]+\\.html}', (c) => {
    const name = c.req.param('file').replace(/\.html$/, '');
    if (!isFrameName(name)) return c.notFound();
    return c.html(framePage(name), 200, { 'Cache-Control': 'no-cache' });
  });
  routes.get('/:file{[a-z-]+\\.js}', async (c) => {
    const code = (await loadBundles()).get(c.req.param('file').replace(/\.js$/, ''));
    if (code === undefined) return c.notFound();
    return c.body(code, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
  });
  routes.get('/frame.css', async (c) =>
    c.body(await readFile(join(frameDir, 'frame.css'), 'utf8'), 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  return routes;
}

function framePage(name: FrameName): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${FRAMES[name]}</title>` +
    '<link rel="stylesheet" href="/_stripe-js/frame.css">' +
    `<script type="module" src="/_stripe-js/${name}.js"></script>` +
    '</head><body><div id="root"></div></body></html>'
  );
}

async function bundleFrames(): Promise<ReadonlyMap<string, string>> {
  const names = Object.keys(FRAMES).filter(isFrameName);
  const result = await build({
    entryPoints: names.map((name) => ({ in: join(frameDir, `${name}-frame.ts`), out: name })),
    outdir: '/frames',
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'silent',
  });
  return new Map(result.outputFiles.map((file) => [file.path.replace(/^.*\/([^/]+)\.js$/, '$1'), file.text]));
}
