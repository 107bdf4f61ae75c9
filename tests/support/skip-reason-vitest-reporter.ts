import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { skipReasonInName } from './skip-reason';

/**
 * Fails a vitest run in which a test was skipped without saying why (issue 26): a skipped test needs a
 * note (`context.skip(note)`) or a suite name made by `withSkipReason`. A run narrowed by a name filter
 * (`-t`) is not checked, since vitest reports the tests it filtered out as skipped too.
 */
export default class SkipReasonReporter implements Reporter {
  private filtered = false;

  onInit(vitest: Vitest): void {
    this.filtered = vitest.config.testNamePattern !== undefined;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (this.filtered) return;
    const unexplained: string[] = [];
    for (const testModule of testModules) {
      for (const testCase of testModule.children.allTests()) {
        const result = testCase.result();
        if (result.state !== 'skipped' || (result.note ?? '').trim() !== '') continue;
        const names = testCase.fullName.split(' > ');
        if (names.some((name) => skipReasonInName.test(name))) continue;
        unexplained.push(`${testCase.module.moduleId}: ${testCase.fullName}`);
      }
    }
    if (unexplained.length === 0) return;
    console.error(`\nSkipped without a reason written in the test (context.skip(note) or withSkipReason):\n  ${unexplained.join('\n  ')}\n`);
    process.exitCode = 1;
  }
}
