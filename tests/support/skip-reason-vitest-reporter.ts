import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';

/** The parts of vitest's objects the reporter reads (tests/unit/tooling/skip-reason-reporters.test.ts feeds them). */
interface ReportedCase {
  readonly fullName: TestCase['fullName'];
  readonly module: Pick<TestModule, 'moduleId'>;
  result(): { readonly state: ReturnType<TestCase['result']>['state'] };
}
interface ReportedModule {
  readonly children: { allTests(): Iterable<ReportedCase> };
}

/**
 * Fails a vitest run in which any test was skipped, with or without a note: a skip hides a failure, and
 * everything these tests need (the stack, PostgreSQL, Deno) is this repository's or is installed by the
 * test command, so a missing one must fail, not skip. A run narrowed by a name filter (`-t`) is not
 * checked, since vitest reports the tests it filtered out as skipped.
 */
export default class SkipReasonReporter implements Reporter {
  private filtered = false;

  onInit(vitest: { readonly config: Pick<Vitest['config'], 'testNamePattern'> }): void {
    this.filtered = vitest.config.testNamePattern !== undefined;
  }

  onTestRunEnd(testModules: ReadonlyArray<ReportedModule>): void {
    if (this.filtered) return;
    const skipped = testModules.flatMap((testModule) =>
      [...testModule.children.allTests()].filter((testCase) => testCase.result().state === 'skipped').map((testCase) => `${testCase.module.moduleId}: ${testCase.fullName}`),
    );
    if (skipped.length === 0) return;
    console.error(`\nSkipped tests fail the run (make them fail with their reason instead):\n  ${skipped.join('\n  ')}\n`);
    process.exitCode = 1;
  }
}
