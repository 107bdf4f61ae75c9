import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = 'tests/unit/tooling/skip-reason-fixtures';

/** Runs a fixture suite with the project's skip-reason reporter, as the test command does. */
function run(runner: 'vitest' | 'playwright', fixture: 'explained' | 'unexplained' | 'clean') {
  const args = runner === 'vitest' ? ['vitest', 'run', '--config', `${fixtures}/vitest.config.ts`] : ['playwright', 'test', '--config', `${fixtures}/playwright.config.ts`];
  const result = spawnSync('npx', args, { cwd: root, encoding: 'utf8', env: { ...process.env, SKIP_FIXTURE: fixture, CI: '' }, timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('a skipped test fails the run', () => {
  // Six runner start-ups: seconds each on a quiet machine, more on a loaded one.
  it.each(['vitest', 'playwright'] as const)('%s: a skip with or without a reason fails and names the test; a run without skips passes', { timeout: 360_000 }, (runner) => {
    for (const fixture of ['unexplained', 'explained'] as const) {
      const skipped = run(runner, fixture);
      expect(skipped.output, fixture).toContain('Skipped tests fail the run');
      expect(skipped.status, fixture).toBe(1);
    }
    const clean = run(runner, 'clean');
    expect(clean.output).not.toContain('Skipped tests fail the run');
    expect(clean.status).toBe(0);
  });
});
