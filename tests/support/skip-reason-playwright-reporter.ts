import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Fails a Playwright run in which any test was skipped, with or without a reason: a skip hides a
 * failure, and everything these tests need (routes, emulators, services) is this repository's or is
 * installed by the test command, so a missing one must fail, not skip.
 */
export default class SkipReasonReporter implements Reporter {
  private readonly skipped: string[] = [];

  // The parts of Playwright's objects it reads (tests/unit/tooling/skip-reason-reporters.test.ts feeds them).
  onTestEnd(test: Pick<TestCase, 'location' | 'titlePath'>, result: Pick<TestResult, 'status'>): void {
    if (result.status === 'skipped') this.skipped.push(`${test.location.file}:${test.location.line}: ${test.titlePath().filter(Boolean).join(' > ')}`);
  }

  async onEnd(result: Pick<FullResult, 'status'>): Promise<{ status: FullResult['status'] } | undefined> {
    if (this.skipped.length === 0) return undefined;
    console.error(`\nSkipped tests fail the run (make them fail with their reason instead):\n  ${this.skipped.join('\n  ')}\n`);
    return { status: result.status === 'passed' ? 'failed' : result.status };
  }

  printsToStdio(): boolean {
    return false;
  }
}
