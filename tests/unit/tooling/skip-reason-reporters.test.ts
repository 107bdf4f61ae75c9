import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestCase } from 'vitest/node';
import playwrightConfig from '../../../playwright.config';
import storybookConfig from '../../storybook/playwright.config';
import vitestConfig from '../../../vitest.config';
import SkipReasonPlaywrightReporter from '../../support/skip-reason-playwright-reporter';
import SkipReasonVitestReporter from '../../support/skip-reason-vitest-reporter';

/**
 * The reporters that fail a run with a skipped test, fed what each runner hands a reporter (the parts
 * they read), and the test command's configs that list them. No test of this repository skips itself,
 * so the skipped results here are built, not produced by a skipping test.
 */
afterEach(() => {
  process.exitCode = undefined;
  vi.restoreAllMocks();
});

function quietErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('Playwright: a skipped test fails the run', () => {
  const testAt = (line: number, title: string) => ({ location: { file: 'tests/e2e/x.spec.ts', line, column: 1 }, titlePath: () => ['', 'routes-order', 'x.spec.ts', title] });

  it('a skip, with or without a reason, turns a passed run into a failed one and names the test', async () => {
    const errors = quietErrors();
    const reporter = new SkipReasonPlaywrightReporter();
    reporter.onTestEnd(testAt(3, 'runs'), { status: 'passed' });
    reporter.onTestEnd(testAt(7, 'skipped on a condition'), { status: 'skipped' });
    expect(await reporter.onEnd({ status: 'passed' })).toEqual({ status: 'failed' });
    expect(String(errors.mock.calls[0]?.[0])).toContain('Skipped tests fail the run');
    expect(String(errors.mock.calls[0]?.[0])).toContain('tests/e2e/x.spec.ts:7: routes-order > x.spec.ts > skipped on a condition');
  });

  it('a run without skips keeps its status', async () => {
    const errors = quietErrors();
    const reporter = new SkipReasonPlaywrightReporter();
    reporter.onTestEnd(testAt(3, 'runs'), { status: 'passed' });
    expect(await reporter.onEnd({ status: 'passed' })).toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
  });

  it('is a reporter of the browser tests and of the Storybook check', () => {
    for (const config of [playwrightConfig, storybookConfig]) {
      expect(JSON.stringify(config.reporter)).toMatch(/skip-reason-playwright-reporter\.ts/);
    }
  });
});

describe('vitest: a skipped test fails the run', () => {
  const moduleWith = (...states: ReturnType<TestCase['result']>['state'][]) => ({
    children: { allTests: () => states.map((state, index) => ({ fullName: `case ${index}`, module: { moduleId: '/tests/unit/x.test.ts' }, result: () => ({ state }) })) },
  });

  it('a skip sets a failing exit code and names the test', () => {
    const errors = quietErrors();
    const reporter = new SkipReasonVitestReporter();
    reporter.onInit({ config: { testNamePattern: undefined } });
    reporter.onTestRunEnd([moduleWith('passed', 'skipped')]);
    expect(process.exitCode).toBe(1);
    expect(String(errors.mock.calls[0]?.[0])).toContain('/tests/unit/x.test.ts: case 1');
  });

  it('a run without skips, or one narrowed by a name filter (-t), is left alone', () => {
    const errors = quietErrors();
    const reporter = new SkipReasonVitestReporter();
    reporter.onInit({ config: { testNamePattern: undefined } });
    reporter.onTestRunEnd([moduleWith('passed', 'passed')]);
    const filtered = new SkipReasonVitestReporter();
    filtered.onInit({ config: { testNamePattern: /one test/ } });
    filtered.onTestRunEnd([moduleWith('passed', 'skipped')]);
    expect(process.exitCode).toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
  });

  it('is a reporter of the unit stage', () => {
    expect(JSON.stringify(vitestConfig.test?.reporters)).toMatch(/skip-reason-vitest-reporter\.ts/);
  });
});
