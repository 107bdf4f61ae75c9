import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { perfTargets } from '../../../bench/perf-targets';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A harness results folder: Lighthouse runs per target (score, TBT), the tap walks and the funnel's JS. */
function results(lighthouse: Record<string, readonly { score: number; tbt: number }[]>, taps: Record<string, readonly number[]>, funnelJs: { product: number; surveyjs: number }): string {
  const dir = mkdtempSync(join(tmpdir(), 'perf-targets-'));
  dirs.push(dir);
  for (const [id, runs] of Object.entries(lighthouse)) {
    runs.forEach(({ score, tbt }, index) => {
      const report = { categories: { performance: { score: score / 100 } }, audits: { 'total-blocking-time': { numericValue: tbt } } };
      writeFileSync(join(dir, `lh-${id}-${String(index + 1)}.json`), JSON.stringify(report));
    });
  }
  const walk = (ms: readonly number[]) => ({ walks: [ms.map((tapToPaintMs) => ({ tapToPaintMs }))] });
  writeFileSync(join(dir, 'tap.json'), JSON.stringify({ results: Object.fromEntries(Object.entries(taps).map(([app, ms]) => [app, walk(ms)])) }));
  writeFileSync(join(dir, 'funnel-js.json'), JSON.stringify({ product: { jsTransferBytes: funnelJs.product }, surveyjs: { jsTransferBytes: funnelJs.surveyjs } }));
  return dir;
}

const row = (dir: string, start: string) => perfTargets(dir).rows.find((r) => r.target.startsWith(start));

describe("perfTargets: issue 31's ratios against SurveyJS in the same run", () => {
  it('divides the product by SurveyJS (medians of the Lighthouse runs, quantiles of the taps without delay)', () => {
    const dir = results(
      {
        A: [{ score: 95, tbt: 10 }, { score: 96, tbt: 20 }, { score: 94, tbt: 900 }],
        B: [{ score: 84, tbt: 40 }],
        C: [{ score: 79, tbt: 100 }, { score: 78, tbt: 300 }, { score: 80, tbt: 200 }],
      },
      { product: [40, 40, 40, 40, 40, 40, 40, 40, 40, 100], 'surveyjs-nodelay': [100, 100, 100, 100, 100, 100, 100, 100, 100, 100], surveyjs: [400] },
      { product: 60_000, surveyjs: 100_000 },
    );
    expect(row(dir, 'issue 31: TBT of A')).toMatchObject({ measured: '0.10x (20 ms / 200 ms)', verdict: 'met' });
    expect(row(dir, 'issue 31: TBT of B')).toMatchObject({ measured: '0.20x (40 ms / 200 ms)', verdict: 'met' });
    // B 84 against A 95: eleven points below.
    expect(row(dir, 'issue 31: `npm start` (B) within 10 points')).toMatchObject({ measured: 'A 95, B 84', verdict: 'NOT MET' });
    expect(row(dir, 'issue 31: tap to next question painted, p50')).toMatchObject({ measured: '0.40x (40 ms / 100 ms)', verdict: 'met' });
    // p90 of the ten product taps, interpolated as the harness does: 40 + 0.1 * 60 = 46 ms.
    expect(row(dir, 'issue 31: tap to next question painted, p90')).toMatchObject({ measured: '0.46x (46 ms / 100 ms)', verdict: 'met' });
    expect(row(dir, 'issue 31: whole default funnel JS')).toMatchObject({ measured: '0.60x (58.6 KB / 97.7 KB)', verdict: 'met' });
  });

  it('says NOT MET over a ratio and not measured without SurveyJS', () => {
    const slow = results({ A: [{ score: 95, tbt: 31 }], B: [{ score: 95, tbt: 30 }], C: [{ score: 80, tbt: 100 }] }, { product: [41], 'surveyjs-nodelay': [100] }, { product: 61_000, surveyjs: 100_000 });
    expect(row(slow, 'issue 31: TBT of A')?.verdict).toBe('NOT MET');
    expect(row(slow, 'issue 31: TBT of B')?.verdict).toBe('met');
    expect(row(slow, 'issue 31: tap to next question painted, p50')?.verdict).toBe('NOT MET');
    expect(row(slow, 'issue 31: whole default funnel JS')?.verdict).toBe('NOT MET');
    const alone = results({ A: [{ score: 95, tbt: 31 }] }, { product: [41] }, { product: 61_000, surveyjs: 100_000 });
    expect(row(alone, 'issue 31: TBT of A')).toMatchObject({ measured: '-', verdict: 'not measured' });
    expect(row(alone, 'issue 31: tap to next question painted, p90')).toMatchObject({ measured: '-', verdict: 'not measured' });
  });
});
