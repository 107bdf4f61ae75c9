import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleBudget, byteShares, productSource } from '../../../bench/bundle-budget';
import { chunkModulesFile, vitePluginChunkModules } from '../../../tooling/vite-plugin-chunk-modules';

const cacheDir = join(dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.cache');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A minified production build of a page whose entry runs `entry` (and lazily imports `lazy`); `files`
 * adds sources by path, and with `moduleMap` the build writes the app's module map.
 */
async function buildApp(entry: string, lazy: string, files: Readonly<Record<string, string>> = {}, moduleMap = false): Promise<string> {
  // Inside the project so that the entry can import the project's yaml and zod packages.
  mkdirSync(cacheDir, { recursive: true });
  const dir = mkdtempSync(join(cacheDir, 'bundle-budget-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/main.js"></script>');
  writeFileSync(join(dir, 'main.js'), `${entry}\nimport('./lazy.js');\n`);
  writeFileSync(join(dir, 'lazy.js'), lazy);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const plugins = moduleMap ? [vitePluginChunkModules(dir)] : [];
  await build({ root: dir, configFile: false, logLevel: 'silent', plugins, build: { outDir: join(dir, 'dist'), manifest: true } });
  return join(dir, 'dist');
}

describe('bundleBudget', () => {
  it('counts the entry and its static imports, not lazy chunks, and finds no build-time libraries in plain code', async () => {
    const dist = await buildApp("document.title = 'x'.repeat(3);", 'export const big = ' + JSON.stringify('y'.repeat(50_000)) + ';');
    const report = bundleBudget(dist);
    expect(readdirSync(join(dist, 'assets')).some((f) => f.startsWith('lazy-'))).toBe(true);
    expect(report?.firstStepFiles.map((f) => f.file)).toEqual([expect.stringMatching(/^assets\/index-.*\.js$/)]);
    expect(report?.firstStepGzipBytes).toBeGreaterThan(0);
    expect(report?.forbidden).toEqual([]);
  }, 60_000);

  it('detects the YAML parser and classic zod even when minified', async () => {
    const dist = await buildApp(
      "import { parse } from 'yaml';\ndocument.title = JSON.stringify(parse(location.hash));",
      "import { z } from 'zod';\nexport const s = z.object({ a: z.string() }).parse({ a: location.hash });",
    );
    const libraries = bundleBudget(dist)?.forbidden.map((f) => f.library).sort();
    expect(libraries).toEqual(['classic zod', 'yaml parser']);
  }, 60_000);

  it('finds Stripe code in the first step only when the entry imports it, not when a route loads it lazily', async () => {
    const eager = await buildApp(
      "import { Elements } from '@stripe/react-stripe-js';\nimport { loadStripe } from '@stripe/stripe-js/pure';\nwindow.x = [Elements, loadStripe];",
      'export const y = 1;',
    );
    expect(bundleBudget(eager)?.stripeInFirstStep.map((f) => f.library).sort()).toEqual(['@stripe/react-stripe-js', '@stripe/stripe-js']);
    const lazy = await buildApp(
      'document.title = "x";',
      "import { Elements } from '@stripe/react-stripe-js';\nimport { loadStripe } from '@stripe/stripe-js/pure';\nexport const x = [Elements, loadStripe];",
    );
    expect(bundleBudget(lazy)?.stripeInFirstStep).toEqual([]);
  }, 60_000);

  it("names the checkout's sources in the first step from the build's module map, and none when the checkout loads lazily", async () => {
    const checkout = { 'screens/checkout/plans.js': 'export const plans = () => "weekly " + location.hash;', 'services/tracking/pixel.js': 'export const pixel = () => "fbq " + location.hash;' };
    const eager = await buildApp(
      "import { plans } from './screens/checkout/plans.js';\nimport { pixel } from './services/tracking/pixel.js';\ndocument.title = plans() + pixel();",
      'export const y = 1;',
      checkout,
      true,
    );
    expect(bundleBudget(eager)?.checkoutInFirstStep?.map((f) => f.module).sort()).toEqual(['screens/checkout/plans.js', 'services/tracking/pixel.js']);
    const lazy = await buildApp(
      'document.title = "x";',
      "import { plans } from './screens/checkout/plans.js';\nimport { pixel } from './services/tracking/pixel.js';\nexport const x = plans() + pixel();",
      checkout,
      true,
    );
    expect(bundleBudget(lazy)?.checkoutInFirstStep).toEqual([]);
    // A build without the map cannot answer: the bench reports it as not measured.
    expect(bundleBudget(await buildApp('document.title = "x";', 'export const y = 1;'))?.checkoutInFirstStep).toBeUndefined();
  }, 60_000);

  it("names the answer store's sources in the first step, and none when the flow's runtime loads them lazily", async () => {
    const store = { 'engine/restore-answers.ts': 'export const restore = () => JSON.parse(localStorage.getItem("p") ?? "{}");' };
    const eager = await buildApp("import { restore } from './engine/restore-answers.ts';\ndocument.title = String(restore());", 'export const y = 1;', store, true);
    expect(bundleBudget(eager)?.answerStoreInFirstStep?.map((f) => f.module)).toEqual(['engine/restore-answers.ts']);
    const lazy = await buildApp('document.title = "x";', "import { restore } from './engine/restore-answers.ts';\nexport const x = restore();", store, true);
    expect(bundleBudget(lazy)?.answerStoreInFirstStep).toEqual([]);
  }, 60_000);

  it('reports nothing without a build', () => {
    expect(bundleBudget(join(tmpdir(), 'no-such-dist'))).toBeUndefined();
  });
});

describe('byteShares', () => {
  it('splits each script by its modules: packages by name, generated flows as product, bundler helpers apart', () => {
    const dist = mkdtempSync(join(tmpdir(), 'byte-shares-'));
    dirs.push(dist);
    mkdirSync(join(dist, '.vite'));
    const map = {
      'assets/lib.js': { 'node_modules/react-dom/cjs/client.js': 900, 'node_modules/react-dom/index.js': 100 },
      'assets/mixed.js': { 'node_modules/@scope/pkg/dist/x.js': 300, 'screens/page.tsx': 100 },
      'assets/entry.js': { 'screens/main.tsx': 200, '\0virtual:flow/default': 200, '\0vite/preload-helper.js': 400 },
    };
    writeFileSync(join(dist, chunkModulesFile), JSON.stringify(map));
    const shares = byteShares(dist, [
      { file: '/assets/lib.js', gzipBytes: 500 },
      { file: '/assets/mixed.js', gzipBytes: 400 },
      { file: '/assets/entry.js', gzipBytes: 800 },
      { file: '/assets/runtime.js', gzipBytes: 50 },
    ]);
    expect(shares).toEqual([
      { source: 'react-dom', gzipBytes: 500 },
      { source: productSource, gzipBytes: 500 },
      { source: 'bundler runtime', gzipBytes: 450 },
      { source: '@scope/pkg', gzipBytes: 300 },
    ]);
  });

  it('has nothing to say without the module map', () => {
    const dist = mkdtempSync(join(tmpdir(), 'byte-shares-'));
    dirs.push(dist);
    expect(byteShares(dist, [{ file: '/assets/a.js', gzipBytes: 10 }])).toBeUndefined();
  });
});
