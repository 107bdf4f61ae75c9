import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Fails a Playwright run in which a test was skipped without saying why (issue 26): every skip needs a
 * description (`test.skip(condition, description)`), which Playwright keeps as the test's `skip`
 * annotation.
 */
export default class SkipReasonReporter implements Reporter {
  private readonly unexplained: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    const explained = test.annotations.some((annotation) => (annotation.type === 'skip' || annotation.type === 'fixme') && (annotation.description ?? '').trim() !== '');
    if (!explained) this.unexplained.push(`${test.location.file}:${test.location.line}: ${test.titlePath().filter(Boolean).join(' > ')}`);
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    if (this.unexplained.length === 0) return undefined;
    console.error(`\nSkipped without a reason written in the test (test.skip(condition, description)):\n  ${this.unexplained.join('\n  ')}\n`);
    return { status: result.status === 'passed' ? 'failed' : result.status };
  }

  printsToStdio(): boolean {
    return false;
  }
}
