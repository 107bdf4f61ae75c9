/**
 * Every skipped test says why (issue 26): Playwright's `test.skip(condition, description)` and vitest's
 * `context.skip(note)` carry the reason themselves; a vitest suite skipped as a whole (`describe.skipIf`)
 * carries it in its name, through `withSkipReason`. The reporters (skip-reason-*-reporter.ts) fail the
 * run on a skip without one.
 */
export function withSkipReason(name: string, reason: string | undefined): string {
  return reason === undefined ? name : `${name} (skipped: ${reason})`;
}

/** A suite or test name that carries its skip reason (see withSkipReason). */
export const skipReasonInName = /\(skipped: [^)]+\)$/;
