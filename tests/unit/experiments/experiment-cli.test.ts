import { describe, expect, it } from 'vitest';
import type { CountsSource } from '../../../engine/cli/experiment-cli';
import { experimentCli, stackCounts } from '../../../engine/cli/experiment-cli';
import type { ExperimentCounts } from '../../../engine/experiments/experiment-counts';
import { experimentReportSchema } from '../../../engine/experiments/experiment-report-schema';
import { repoRoot } from '../engine/flow-test-project';

const variant = (name: string, exposed: number, paid: number) => ({
  variant: name,
  exposed,
  signedUp: paid * 3,
  paid,
  refunded: 0,
  paymentAttempted: paid,
  paymentFailed: 0,
  revenue: { sum: paid * 10, sumOfSquares: paid * 100 },
});
/** 3,000 visitors in 10 days, split as allocated (34/33/33). */
const counts: ExperimentCounts = {
  variants: [variant('baseline', 1020, 40), variant('feedback-v1', 990, 42), variant('feedback-v2', 990, 38)],
  unexposed: { signedUp: 0, paid: 0 },
  elapsedDays: 10,
};

async function run(argv: readonly string[], source: CountsSource = async () => counts): Promise<{ code: number; out: string[] }> {
  const out: string[] = [];
  const code = await experimentCli(argv, { root: repoRoot, counts: source, write: (line) => out.push(line) });
  return { code, out };
}

describe('npm run experiment', () => {
  it('plan: the visitors each variant needs, and when they will have come at the traffic so far', async () => {
    const { code, out } = await run(['plan', 'cc-feedback-redesign']);
    expect(code).toBe(0);
    expect(out).toContain('Primary metric: paid conversion within 14 days, baseline 4.0 %, minimum effect +1.0 pt (+25 %)');
    // plannedSampleSize of the file's plan (baseline 4 %, +25 %, alpha 0.05 over two comparisons, power 0.8), split 34/33/33.
    expect(out).toContain(`  ${'baseline'.padEnd(16)}${'default'.padEnd(10)}${'14832'.padStart(10)}${'1020'.padStart(10)}`);
    expect(out).toContain(`  ${'feedback-v2'.padEnd(16)}${'v2'.padEnd(10)}${'14396'.padStart(10)}${'990'.padStart(10)}`);
    expect(out).toContain(`  ${'total'.padEnd(26)}${'43624'.padStart(10)}`);
    // (43,624 - 3,000) / 300 a day = 135.4 days.
    expect(out.at(-1)).toBe('Traffic so far: 3000 exposed in 10.0 days (300.0 a day); the planned sample is reached in about 136 days at that rate.');
  });

  it('plan without a stack still prints the plan, and says why the traffic is unknown', async () => {
    const { code, out } = await run(['plan', 'cc-feedback-redesign'], async () => 'cannot reach the stack');
    expect(code).toBe(0);
    expect(out.at(-1)).toBe('Traffic so far: unknown (cannot reach the stack)');
  });

  it('report --json: the stable report schema; report: the verdict in words and every interval', async () => {
    const json = await run(['report', 'cc-feedback-redesign', '--json']);
    expect(json.code).toBe(0);
    const report = experimentReportSchema.parse(JSON.parse(json.out.join('\n')));
    expect(report.verdict).toEqual({ kind: 'keep-running', variant: null, reason: 'collecting' });
    expect(report.variants.map((v) => v.exposed)).toEqual([1020, 990, 990]);

    const text = await run(['report', 'cc-feedback-redesign']);
    expect(text.out[0]).toBe('Experiment cc-feedback-redesign: Keep running: no variant is surely better yet, and one still could be. 6 % of the planned sample, about 136 more days at the traffic so far.');
    expect(text.out).toContain(`    ${'paid conversion'.padEnd(26)}${'3.9 %'.padStart(9)}  [2.9 %, 5.3 %]  of 1020`);
  });

  it('names an unknown experiment with a suggestion, and a missing stack as the report\'s error', async () => {
    expect(await run(['plan', 'cc-feedback-redesing'])).toEqual({ code: 1, out: ['no experiment "cc-feedback-redesing" - did you mean "cc-feedback-redesign"? (experiments: cc-feedback-redesign; npm run flows -- check)'] });
    expect(await run(['report', 'cc-feedback-redesign'], async () => 'cannot reach the stack')).toEqual({ code: 1, out: ['cannot reach the stack'] });
    expect((await run(['plan'])).code).toBe(2);
  });

  it('reads the counts from the local stack and refuses an answer of the wrong shape', async () => {
    const asked: string[] = [];
    const fetcher = async (url: string | URL | Request) => {
      asked.push(url instanceof Request ? url.url : url.toString());
      return Response.json(asked.length === 1 ? counts : { variants: [] });
    };
    const source = stackCounts('http://127.0.0.1:9/', fetcher);
    expect(await source({ id: 'cc-feedback-redesign' })).toEqual(counts);
    expect(asked).toEqual(['http://127.0.0.1:9/_dev/experiments/cc-feedback-redesign/api/counts']);
    expect(await source({ id: 'cc-feedback-redesign' })).toMatch(/^http:\/\/127.0.0.1:9\/_dev\/experiments\/cc-feedback-redesign\/api\/counts did not answer the counts' shape/);
  });
});
