import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { compileFlowProject } from '../../../engine/compile-flow-project';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import { readFlowProject } from '../../../engine/read-flow-project';
import { vitePluginFlows } from '../../../engine/vite-plugin-flows';
import { tempFlowProject } from './flow-test-project';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/**
 * docs/flows.md "Write a new funnel from scratch", done as its reader would: the example funnel dropped
 * into a copy of flows/ as a plain flow (no longer an example), then checked and built, production
 * included. It passes the check, is routed at its basePath without a flag variant, and brings its own
 * text namespace.
 */
describe('a new funnel dropped into flows/', () => {
  it('passes the check, and a production build serves it at its basePath with its texts\' namespace', async () => {
    const project = tempFlowProject();
    cleanups.push(() => project.cleanup());
    project.write('flows/sleep.yaml', project.read('flows/examples/sleep.yaml'));
    rmSync(join(project.dir, 'flows/examples'), { recursive: true, force: true });

    const result = compileFlowProject(readFlowProject(project.dir), { verifyAllOrders: true });
    expect(result.diagnostics.map(formatFlowDiagnostic)).toEqual([]);
    expect(result.checks.filter((check) => check.flowId === 'sleep').map((check) => check.file)).toEqual(['flows/sleep.yaml']);
    const sleep = result.flows.get('sleep');
    expect(sleep?.namespaces).toEqual(['sleep']);
    expect(sleep?.steps.map((step) => step.path)[0]).toBe('/examples/sleep/goal');
    expect(result.variants?.basePaths['sleep']).toBe('/examples/sleep');
    // No flag variant names it: ad traffic still goes to the spec's flows.
    expect(Object.values(result.variants?.variants ?? {})).not.toContain('sleep');

    project.write('index.html', '<!doctype html><html><body><script type="module" src="/main.js"></script></body></html>');
    project.write('main.js', "import loaders from 'virtual:flow-loaders';\nimport variants from 'virtual:flow-variants';\nwindow.x = [loaders, variants];\n");
    await build({ root: project.dir, configFile: false, logLevel: 'silent', plugins: [vitePluginFlows({ production: true })], build: { outDir: join(project.dir, 'dist'), minify: false, emptyOutDir: true } });
    const assets = join(project.dir, 'dist/assets');
    const chunk = readdirSync(assets).find((name) => name.startsWith('sleep-'));
    expect(chunk).toBeDefined();
    expect(readFileSync(join(assets, chunk ?? ''), 'utf8')).toContain('"sleep:steps.goal.heading"');
  }, 60_000);
});
