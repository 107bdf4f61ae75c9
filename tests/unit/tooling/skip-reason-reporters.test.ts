import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = 'tests/unit/tooling/skip-reason-fixtures';

/** Runs a fixture suite with the project's skip-reason reporter, as the test command does. */
function run(runner: 'vitest' | 'playwright', fixture: 'explained' | 'unexplained') {
  const args = runner === 'vitest' ? ['vitest', 'run', '--config', `${fixtures}/vitest.config.ts`] : ['playwright', 'test', '--config', `${fixtures}/playwright.config.ts`];
  const result = spawnSync('npx', args, { cwd: root, encoding: 'utf8', env: { ...process.env, SKIP_FIXTURE: fixture, CI: '' }, timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('a skipped test without a reason fails the run', () => {
  // Four runner start-ups: seconds each on a quiet machine, more on a loaded one.
  it.each(['vitest', 'playwright'] as const)('%s: a skip without a reason fails and names the test; skips with reasons pass', { timeout: 240_000 }, (runner) => {
    const unexplained = run(runner, 'unexplained');
    expect(unexplained.output).toContain('Skipped without a reason written in the test');
    expect(unexplained.status).toBe(1);
    const explained = run(runner, 'explained');
    expect(explained.output).not.toContain('Skipped without a reason written in the test');
    expect(explained.status).toBe(0);
  });
});
