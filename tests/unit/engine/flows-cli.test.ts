import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { positionOf, repoRoot, tempFlowProject } from './flow-test-project';

const projects: { cleanup(): void }[] = [];
afterEach(() => {
  for (const p of projects.splice(0)) p.cleanup();
});

/** Runs the CLI the way `npm run flows -- ...` does, as a separate process. */
function runCli(args: readonly string[], env: Readonly<Record<string, string>> = {}): { code: number | null; stdout: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'engine/cli/flows-cli.ts'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', ...env },
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
      'ok flows/v1.yaml (29 steps, order routes, live)',
      'ok flows/v1.yaml (29 steps, order listing)',
      'ok flows/v2.yaml (25 steps, order routes, live)',
      'ok flows/v2.yaml (25 steps, order listing)',
      'ok flows/examples/sleep.yaml (12 steps, order main, live)',
      'ok flows/variants.yaml (3 variants of flag cc-feedback-redesign)',
      'ok public/locales (every language has every key)',
    ]);
    expect(code).toBe(0);
  }, 30_000);

  it('checks the flow files of FLOWS_DIR, named by their path there', () => {
    const project = tempFlowProject();
    projects.push(project);
    project.write('flows/variants.yaml', project.read('flows/variants.yaml').replace('feedback-v2: v2', 'feedback-v2: v3'));
    const { code, stdout } = runCli(['check', '--dir', repoRoot], { FLOWS_DIR: join(project.dir, 'flows') });
    expect(stdout).toContain(`ok ${join(project.dir, 'flows')}/v1.yaml (29 steps, order routes, live)`);
    expect(stdout).toMatch(/\/variants\.yaml:\d+:\d+ variants\.feedback-v2: unknown flow "v3"/);
    expect(code).toBe(1);
  }, 30_000);

  it('checks config/paywalls.yaml against the project\'s flag variants and catalogue, located', () => {
    const project = tempFlowProject();
    projects.push(project);
    project.write('config/stripe-catalogue.yaml', readFileSync(join(repoRoot, 'config/stripe-catalogue.yaml'), 'utf8'));
    const paywalls = readFileSync(join(repoRoot, 'config/paywalls.yaml'), 'utf8').replace('variants: {}', 'variants: { feedbak-v2: yearly-first }');
    project.write('config/paywalls.yaml', paywalls);
    const { line, column } = positionOf(paywalls, 'feedbak-v2');
    const { code, stdout } = runCli(['check', '--dir', project.dir]);
    expect(stdout).toContain(`config/paywalls.yaml:${line}:${column} variants.feedbak-v2: unknown flag variant "feedbak-v2" - did you mean "feedback-v2"?`);
    expect(code).toBe(1);
    project.write('config/paywalls.yaml', paywalls.replace('feedbak-v2', 'feedback-v2'));
    const fixed = runCli(['check', '--dir', project.dir]);
    expect(fixed.stdout).toContain('ok config/paywalls.yaml (2 paywalls, default spec)\n');
    expect(fixed.code).toBe(0);
  }, 60_000);

  it('fails when a language lacks a key the others have', () => {
    const project = tempFlowProject();
    projects.push(project);
    const english: unknown = JSON.parse(project.read('public/locales/en/onboarding.json'));
    const german = structuredClone(english);
    if (typeof german !== 'object' || german === null || !('steps' in german)) throw new Error('unexpected en file');
    const steps: unknown = german.steps;
    if (typeof steps === 'object' && steps !== null) Reflect.deleteProperty(steps, 'bestShape');
    project.write('public/locales/de/onboarding.json', JSON.stringify(german));
    for (const name of readdirSync(join(project.dir, 'public/locales/en'))) {
      if (name !== 'onboarding.json') project.write(`public/locales/de/${name}`, project.read(`public/locales/en/${name}`));
    }
    const { code, stdout } = runCli(['check', '--dir', project.dir]);
    expect(stdout).toMatch(/public\/locales\/de\/onboarding\.json: missing key "steps\.bestShape\.heading"/);
    expect(code).toBe(1);
  }, 30_000);

  it('prints the located error and exits 1 on a broken copy', () => {
    const project = tempFlowProject();
    projects.push(project);
    const text = project.read('flows/v1.yaml').replace('\nsteps:\n', '\nsteps:\n  height:\n    unitSystem: lenght\n');
    project.write('flows/v1.yaml', text);
    const { line, column } = positionOf(text, 'lenght');
    const { code, stdout } = runCli(['check', '--dir', project.dir]);
    expect(stdout).toContain(`flows/v1.yaml:${line}:${column} steps.height.unitSystem: unknown unit system "lenght" - did you mean "length"? (declared: length, bodyWeight, years)\n`);
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

describe('flows CLI graph and diff', () => {
  it('diffs two flows: v1 inserts the two information steps, the two feedback steps and the sign-up steps', () => {
    const project = tempFlowProject();
    projects.push(project);
    const { code, stdout } = runCli(['diff', 'default', 'v1', '--dir', project.dir]);
    expect(code).toBe(0);
    expect(stdout.split('\n').filter((l) => /^[-+~] /.test(l))).toEqual([
      '+ sustainabilityIntro    inserted at #16 (after upcomingQuestions)',
      '+ caloricDensityIntro    inserted at #17 (after sustainabilityIntro)',
      '+ yourBmi                inserted at #20 (after weight)',
      '+ yourGoalDate           inserted at #26 (after nutritionGoal)',
      '+ email                  inserted at #28 (after readyToStart)',
      '+ password               inserted at #29 (after email)',
    ]);
    expect(stdout).toContain('* exit: /sign-up/password -> /sign-up/preparing');
  }, 30_000);

  it('diffs the two orders of one flow', () => {
    const project = tempFlowProject();
    projects.push(project);
    const { code, stdout } = runCli(['diff', 'v1', '--orders', '--dir', project.dir]);
    expect(code).toBe(0);
    expect(stdout.split('\n').filter((l) => /^[-+~] /.test(l))).toEqual([
      '~ nutritionGoal          moved #25 -> #4 (now after chooseGoal)',
      '~ sustainabilityIntro    moved #16 -> #5 (now after nutritionGoal)',
      '~ caloricDensityIntro    moved #17 -> #25 (now after speedGoal)',
    ]);
  }, 30_000);

  it('writes one self-contained HTML diagram per flow', () => {
    const project = tempFlowProject();
    projects.push(project);
    const out = join(project.dir, 'graphs');
    const { code } = runCli(['graph', '--dir', project.dir, '--out', out]);
    expect(code).toBe(0);
    const html = readFileSync(join(out, 'v2.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).not.toMatch(/<script|src="http|href="http/);
    expect(html).toContain('25. password');
    expect(html).toContain('exit -&gt; /sign-up/preparing');
    expect(html).toContain('background by gender: female | male');
    expect(readdirSync(out).sort()).toEqual(['default.html', 'sleep.html', 'v1.html', 'v2.html']);
  }, 30_000);

  it('refuses to diff an unknown flow with a suggestion', () => {
    const project = tempFlowProject();
    projects.push(project);
    const { code, stdout } = runCli(['diff', 'default', 'v3', '--dir', project.dir]);
    expect(stdout).toContain('unknown flow "v3"');
    expect(code).toBe(2);
  }, 30_000);
});
