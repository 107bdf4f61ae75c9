import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { positionOf, repoRoot, tempFlowProject } from './flow-test-project';

const projects: { cleanup(): void }[] = [];
afterEach(() => {
  for (const p of projects.splice(0)) p.cleanup();
});

/** Runs the CLI the way `npm run flows -- ...` does, as a separate process. */
function runCli(args: readonly string[]): { code: number | null; stdout: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'engine/cli/flows-cli.ts'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return { code: result.status, stdout: result.stdout + result.stderr };
}

describe('flows CLI', () => {
  it('checks every flow in both orders and exits 0 on a clean copy', () => {
    const project = tempFlowProject();
    projects.push(project);
    const { code, stdout } = runCli(['check', '--dir', project.dir]);
    expect(stdout.split('\n').filter((l) => l.startsWith('ok '))).toEqual([
      'ok flows/default.yaml (23 steps, order routes, live)',
      'ok flows/default.yaml (23 steps, order listing)',
      'ok flows/v1.yaml (27 steps, order routes, live)',
      'ok flows/v1.yaml (27 steps, order listing)',
      'ok flows/v2.yaml (25 steps, order routes, live)',
      'ok flows/v2.yaml (25 steps, order listing)',
      'ok flows/variants.yaml (3 variants of flag cc-feedback-redesign)',
    ]);
    expect(code).toBe(0);
  }, 30_000);

  it('prints the located error and exits 1 on a broken copy', () => {
    const project = tempFlowProject();
    projects.push(project);
    const text = project.read('flows/v1.yaml') + '\nsteps:\n  height:\n    storage: { mode: value, key: heigth }\n';
    project.write('flows/v1.yaml', text);
    const { line, column } = positionOf(text, 'heigth');
    const { code, stdout } = runCli(['check', '--dir', project.dir]);
    expect(stdout).toContain(`flows/v1.yaml:${line}:${column} steps.height.storage.key: unknown key "heigth" - did you mean "height"?\n`);
    expect(stdout).toContain('1 error\n');
    // The other flows still get checked and reported.
    expect(stdout).toContain('ok flows/default.yaml (23 steps, order routes, live)');
    expect(code).toBe(1);
  }, 30_000);

  it('exits 2 on a usage error', () => {
    const { code, stdout } = runCli(['chekc']);
    expect(stdout).toContain('unknown command "chekc"');
    expect(code).toBe(2);
  }, 30_000);
});
