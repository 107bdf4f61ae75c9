import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build, createBuilder, createServer } from 'vite';
import type { ViteDevServer } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vitePluginFlows } from '../../../engine/vite-plugin-flows';
import { repoRoot } from './flow-test-project';
import { positionOf, tempFlowProject } from './flow-test-project';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

/** A temp project with a page whose script imports the virtual modules. */
function appProject() {
  const project = tempFlowProject();
  cleanups.push(() => project.cleanup());
  project.write('index.html', '<!doctype html><html><body><script type="module" src="/main.js"></script></body></html>');
  project.write(
    'main.js',
    "import v1 from 'virtual:flow/v1';\nimport variants from 'virtual:flow-variants';\ndocument.title = JSON.stringify([v1, variants]);\n",
  );
  return project;
}

async function buildProject(dir: string, order?: string): Promise<string> {
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [vitePluginFlows(order === undefined ? {} : { order })],
    build: { outDir: join(dir, 'dist'), minify: false, emptyOutDir: true },
  });
  const assets = join(dir, 'dist/assets');
  return readdirSync(assets)
    .filter((n) => n.endsWith('.js'))
    .map((n) => readFileSync(join(assets, n), 'utf8'))
    .join('\n');
}

describe('vitePluginFlows (build)', () => {
  it('bundles the compiled flow and variants as plain data, without the YAML parser or zod', async () => {
    const project = appProject();
    const js = await buildProject(project.dir);
    expect(js).toContain('"/onboarding/v1/sustainabilityIntro"');
    expect(js).toContain('"feedback-v1"');
    expect(js).toContain('"/onboarding/v2"');
    for (const marker of ['LineCounter', 'YAMLParseError', 'ZodError', 'safeParse']) expect(js).not.toContain(marker);
  }, 60_000);

  it('compiles the order named by FLOW_ORDER instead of the order line', async () => {
    const project = appProject();
    vi.stubEnv('FLOW_ORDER', 'listing');
    const js = await buildProject(project.dir);
    expect(js).toContain('"listing"');
    // In the listing reading nutritionGoal follows chooseGoal.
    expect(js.indexOf('"/onboarding/v1/nutritionGoal"')).toBeLessThan(js.indexOf('"/onboarding/v1/bodyShape"'));
  }, 60_000);

  it('virtual:flow-loaders has a lazy chunk for every flow file, one added without a code change too', async () => {
    const project = appProject();
    project.write('flows/v9.yaml', 'version: 1\nid: v9\nextends: default\nbasePath: /onboarding/v9\nexit: /sign-up/password\norder: short\norders:\n  short: [gender, age]\n');
    project.write('main.js', "import loaders from 'virtual:flow-loaders';\nwindow.loaders = loaders;\n");
    await buildProject(project.dir);
    const chunks = readdirSync(join(project.dir, 'dist/assets'));
    // Each flow is its own chunk, named after it; v9 is only a YAML file.
    for (const id of ['default', 'v1', 'v2', 'v9']) expect(chunks.filter((name) => name.startsWith(`${id}-`))).toHaveLength(1);
    const v9 = chunks.find((name) => name.startsWith('v9-')) ?? '';
    expect(readFileSync(join(project.dir, 'dist/assets', v9), 'utf8')).toContain('"/onboarding/v9/age"');
  }, 60_000);

  it('serves the example funnels of flows/examples/ at their URL in a development build, and leaves them out of a production one', async () => {
    const project = appProject();
    project.write('main.js', "import loaders from 'virtual:flow-loaders';\nimport variants from 'virtual:flow-variants';\nwindow.x = [loaders, variants];\n");
    const development = await buildProject(project.dir);
    expect(readdirSync(join(project.dir, 'dist/assets')).filter((name) => name.startsWith('sleep-'))).toHaveLength(1);
    // Routed at its basePath although no flag variant names it.
    expect(development).toContain('"sleep": "/examples/sleep"');
    vi.stubEnv('DEPLOY_ENV', 'production');
    const production = await buildProject(project.dir);
    expect(readdirSync(join(project.dir, 'dist/assets')).filter((name) => name.startsWith('sleep-'))).toEqual([]);
    expect(production).not.toContain('/examples/sleep');
    expect(production).toContain('"/onboarding/v1"');
  }, 60_000);

  it('reads the flow files from FLOWS_DIR when it is set (translations and images stay under the root)', async () => {
    const project = appProject();
    const elsewhere = tempFlowProject();
    cleanups.push(() => elsewhere.cleanup());
    elsewhere.write('flows/v1.yaml', elsewhere.read('flows/v1.yaml').replace('basePath: /onboarding/v1', 'basePath: /onboarding/elsewhere'));
    vi.stubEnv('FLOWS_DIR', join(elsewhere.dir, 'flows'));
    const js = await buildProject(project.dir);
    expect(js).toContain('"/onboarding/elsewhere/gender"');
    expect(js).not.toContain('"/onboarding/v1/gender"');
  }, 60_000);

  it('fails the build with the located message', async () => {
    const project = appProject();
    const text = project.read('flows/default.yaml').replace('    options: bodyShape', '    options: bodyShap');
    project.write('flows/default.yaml', text);
    const { line, column } = positionOf(text, 'bodyShap\n');
    await expect(buildProject(project.dir)).rejects.toThrow(
      `flows/default.yaml:${line}:${column} steps.bodyShape.options: unknown option set "bodyShap" - did you mean "bodyShape"?`,
    );
  }, 60_000);
});

describe('vitePluginFlows (a build of two environments)', () => {
  it('compiles the flow project once: the client and ssr builds and another plugin read the same compile', async () => {
    const project = appProject();
    const compiles: unknown[] = [];
    vi.stubGlobal('__flowCompiles', compiles);
    // From a config file, as `vite build` loads it: Vite loads the file again for each environment, so
    // only a plugin shared by the environments (sharedDuringBuild) compiles once.
    project.write(
      'vite.config.ts',
      [
        `import { flowsPluginApi, vitePluginFlows } from ${JSON.stringify(join(repoRoot, 'engine/vite-plugin-flows.ts'))};`,
        'let api;',
        'export default {',
        '  builder: {},',
        "  environments: { ssr: { build: { outDir: 'dist-ssr', rollupOptions: { input: 'main.js' } } } },",
        '  plugins: [',
        '    vitePluginFlows(),',
        "    { name: 'reader', configResolved(config) { api = flowsPluginApi(config.plugins); }, buildStart() { globalThis.__flowCompiles.push(api.compiledProject()); } },",
        '  ],',
        '};',
      ].join('\n'),
    );
    const builder = await createBuilder({ root: project.dir, configFile: join(project.dir, 'vite.config.ts'), logLevel: 'silent' });
    await builder.buildApp();
    expect(compiles).toHaveLength(2);
    expect(compiles[1]).toBe(compiles[0]);
    expect(readdirSync(join(project.dir, 'dist-ssr'))).toContain('main.mjs');
  }, 60_000);
});

describe('vitePluginFlows (dev server)', () => {
  async function devServer(dir: string): Promise<ViteDevServer> {
    const server = await createServer({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [vitePluginFlows()],
      server: { middlewareMode: true, ws: false },
    });
    cleanups.push(() => server.close());
    return server;
  }

  it('serves the virtual modules', async () => {
    const project = appProject();
    const server = await devServer(project.dir);
    const all = await server.environments.client.transformRequest('virtual:flows');
    for (const id of ['default', 'v1', 'v2']) expect(all?.code).toContain(`virtual:flow/${id}`);
    const result = await server.environments.client.transformRequest('virtual:flow/default');
    expect(result?.code).toContain('"/onboarding/gender"');
    await expect(server.environments.client.transformRequest('virtual:flow/defualt')).rejects.toThrow('unknown flow "defualt" - did you mean "default"?');
  }, 60_000);

  it('recompiles on a YAML edit: an invalid edit raises the overlay, a valid one reloads with the new data', async () => {
    const project = appProject();
    const server = await devServer(project.dir);
    const client = server.environments.client;
    expect((await client.transformRequest('virtual:flow/v1'))?.code).toContain('"/onboarding/v1/gender"');
    const send = vi.spyOn(client.hot, 'send');
    const file = join(project.dir, 'flows/v1.yaml');
    const original = project.read('flows/v1.yaml');

    const broken = original.replace('basePath: /onboarding/v1', 'basePath: onboarding/v1');
    project.write('flows/v1.yaml', broken);
    server.watcher.emit('change', file);
    const { line, column } = positionOf(broken, 'onboarding/v1');
    await vi.waitFor(() => {
      expect(send).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'error', err: expect.objectContaining({ message: expect.stringContaining(`flows/v1.yaml:${line}:${column} basePath: "onboarding/v1" must be an absolute app path`) }) }),
      );
    });

    send.mockClear();
    project.write('flows/v1.yaml', original.replace('basePath: /onboarding/v1', 'basePath: /onboarding/one'));
    server.watcher.emit('change', file);
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith(expect.objectContaining({ type: 'full-reload' })));
    expect((await client.transformRequest('virtual:flow/v1'))?.code).toContain('"/onboarding/one/gender"');
  }, 60_000);

  it('recompiles when an English translation changes', async () => {
    const project = appProject();
    const server = await devServer(project.dir);
    const client = server.environments.client;
    expect((await client.transformRequest('virtual:flow/default'))?.code).not.toContain('"Woman"');
    const send = vi.spyOn(client.hot, 'send');
    const locale = 'public/locales/en/onboarding.json';
    project.write(locale, project.read(locale).replace('"female": "Female"', '"female": "Woman"'));
    server.watcher.emit('change', join(project.dir, locale));
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith(expect.objectContaining({ type: 'full-reload' })));
    expect((await client.transformRequest('virtual:flow/default'))?.code).toContain('"englishLabel":"Woman"');
  }, 60_000);
});
