import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import appConfig from '../../../vite.config';
import { chunkModulesFile, vitePluginChunkModules } from '../../../tooling/vite-plugin-chunk-modules';
import { COMPILE_HINT, vitePluginCompileHints } from '../../../tooling/vite-plugin-compile-hints';
import { vitePluginReactRouterProduction } from '../../../tooling/vite-plugin-react-router-production';

const cacheDir = join(dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.cache');
let dir = '';
let assets = '';

/** The build output's chunk whose file name starts with `prefix`. */
function chunk(prefix: string): string {
  const file = readdirSync(assets).find((name) => name.startsWith(prefix) && name.endsWith('.js'));
  if (file === undefined) throw new Error(`no chunk ${prefix}* in ${readdirSync(assets).join(', ')}`);
  return readFileSync(join(assets, file), 'utf8');
}

// A production build of a page shaped like the app: an entry that imports React Router and loads, lazily,
// the funnel's step route (a tap's code), a funnel module that itself loads another lazily, and an
// unrelated module.
beforeAll(async () => {
  // Inside the project so that the page can import the project's react-router package.
  mkdirSync(cacheDir, { recursive: true });
  dir = mkdtempSync(join(cacheDir, 'tap-path-build-'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><script type="module" src="/main.js"></script>',
    'main.js': "import { createBrowserRouter } from 'react-router';\nwindow.router = createBrowserRouter;\nimport('./screens/funnel/step-route.js');\nimport('./screens/funnel/screen-loader.js');\nimport('./help.js');\n",
    'screens/funnel/screen-loader.js': "export function load() { return import('../later-screen.js'); }\n",
    'screens/later-screen.js': 'export const text = "later";\n',
    'screens/funnel/step-route.js': 'export function onTap(step) { return step + 1; }\n',
    'help.js': 'export function article(id) { return `article ${id}`; }\n',
  };
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [vitePluginReactRouterProduction(), vitePluginCompileHints(), vitePluginChunkModules(dir)],
    build: { outDir: join(dir, 'dist') },
  });
  assets = join(dir, 'dist', 'assets');
}, 60_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the client build for a funnel tap', () => {
  it("takes React Router's production build, not the development one its package exports name", () => {
    const map = z.record(z.string(), z.record(z.string(), z.number())).parse(JSON.parse(readFileSync(join(dir, 'dist', chunkModulesFile), 'utf8')));
    const routerModules = Object.values(map).flatMap((modules) => Object.keys(modules)).filter((id) => id.includes('node_modules/react-router/'));
    expect(routerModules.length).toBeGreaterThan(0);
    expect(routerModules.filter((id) => !id.includes('/dist/production/'))).toEqual([]);
  });

  it('puts the compile hint on the first line of the chunks a tap runs, and nowhere else', () => {
    expect(chunk('step-route-').startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(chunk('help-')).not.toContain(COMPILE_HINT);
    expect(chunk('index-')).not.toContain(COMPILE_HINT);
  });

  it('leaves out a chunk with dynamic imports: Vite puts its dependency map on the first line there, and V8 reads the hint only there', () => {
    expect(chunk('screen-loader-')).not.toContain(COMPILE_HINT);
  });

  it("is the app's build: its Vite config has both plugins", () => {
    const names = [appConfig.plugins ?? []].flat(3).flatMap((plugin) => (plugin && typeof plugin === 'object' && 'name' in plugin ? [plugin.name] : []));
    expect(names).toEqual(expect.arrayContaining([vitePluginReactRouterProduction().name, vitePluginCompileHints().name]));
  });
});
