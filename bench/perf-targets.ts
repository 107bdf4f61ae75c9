import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** One row of issue 14's table: what is measured, the target, the figure, and whether it is met. */
export interface TargetRow {
  readonly target: string;
  readonly goal: string;
  readonly measured: string;
  readonly verdict: 'met' | 'NOT MET' | 'not measured';
}

const lighthouseSchema = z.object({
  finalDisplayedUrl: z.string().optional(),
  categories: z.object({ performance: z.object({ score: z.number().nullable() }) }),
  audits: z.record(
    z.string(),
    // Audits' details differ in shape; only network-requests' items are read (parsed where used).
    z.object({ numericValue: z.number().optional(), details: z.unknown().optional() }),
  ),
});
const tapSchema = z.object({
  results: z.record(z.string(), z.object({ walks: z.array(z.array(z.object({ tapToPaintMs: z.number() }))) })),
});
const funnelSchema = z.object({ product: z.object({ jsTransferBytes: z.number() }), surveyjs: z.object({ jsTransferBytes: z.number() }).optional() });
const variantVisitorSchema = z.object({ flowId: z.string(), visitorId: z.string(), firstStepPath: z.string() });
const runInfoSchema = z.object({ loadBefore: z.string(), loadAfter: z.string().optional(), compression: z.record(z.string(), z.string()).optional() });

/**
 * Reads a results folder of the side-by-side harness (`../shared/perf/run.sh`: lh-<target>-<n>.json,
 * tap.json, funnel-js.json, run-info.json) and checks issue 14's targets and issue 31's ratios. Target A is
 * the product's dist with the spec's 1 s spinner behind a compressing server, B the same build as
 * `npm start` serves it, D (when the bench adds it) a build with `rootSpinnerMs: 0`.
 */
export function perfTargets(dir: string): { rows: TargetRow[]; load: string } {
  const read = <T>(name: string, schema: z.ZodType<T>): T | undefined => {
    const file = join(dir, name);
    return existsSync(file) ? schema.parse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
  };
  const lighthouse = (id: string) =>
    readdirSync(dir)
      .filter((file) => new RegExp(`^lh-${id}-\\d+\\.json$`).test(file))
      .map((file) => lighthouseSchema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8'))));
  const medianOf = (id: string, pick: (report: z.infer<typeof lighthouseSchema>) => number): number => median(lighthouse(id).map(pick));
  const score = (report: z.infer<typeof lighthouseSchema>): number => (report.categories.performance.score ?? Number.NaN) * 100;
  const audit = (name: string) => (report: z.infer<typeof lighthouseSchema>): number => report.audits[name]?.numericValue ?? Number.NaN;
  const documentBytes = (report: z.infer<typeof lighthouseSchema>): number => {
    const requests = z.object({ items: z.array(z.record(z.string(), z.unknown())) }).safeParse(report.audits['network-requests']?.details);
    const document = requests.success ? requests.data.items.find((item) => item.resourceType === 'Document') : undefined;
    return typeof document?.transferSize === 'number' ? document.transferSize : Number.NaN;
  };

  const rows: TargetRow[] = [];
  const check = (target: string, goal: string, value: number, ok: (v: number) => boolean, format: (v: number) => string): void => {
    rows.push({ target, goal, measured: Number.isFinite(value) ? format(value) : '-', verdict: Number.isFinite(value) ? (ok(value) ? 'met' : 'NOT MET') : 'not measured' });
  };
  const s = (v: number): string => `${(v / 1000).toFixed(2)} s`;
  const ms = (v: number): string => `${Math.round(v).toString()} ms`;
  const kb = (v: number): string => `${(v / 1024).toFixed(1)} KB`;
  const num = (v: number): string => Math.round(v).toString();
  const ratio = (v: number): string => `${v.toFixed(2)}x`;

  const info = read('run-info.json', runInfoSchema);
  const encodingB = info?.compression?.B ?? '';
  rows.push({ target: '`npm start` sends the entry JS compressed', goal: 'br', measured: encodingB || '-', verdict: encodingB === '' ? 'not measured' : /\bbr\b/.test(encodingB) ? 'met' : 'NOT MET' });
  const scoreA = medianOf('A', score);
  const scoreB = medianOf('B', score);
  check('`npm start` (B) scores as the compressing server (A)', '|B - A| <= 2', scoreB - scoreA, (v) => Math.abs(v) <= 2, () => `A ${num(scoreA)}, B ${num(scoreB)}`);
  check('with the 1 s spinner (A): score', '>= 98', scoreA, (v) => v >= 98, num);
  check('with the spinner: FCP', '<= 1.0 s', medianOf('A', audit('first-contentful-paint')), (v) => v <= 1000, s);
  check('with the spinner: LCP', '<= 1.6 s', medianOf('A', audit('largest-contentful-paint')), (v) => v <= 1600, s);
  check('with the spinner: TBT', '<= 50 ms', medianOf('A', audit('total-blocking-time')), (v) => v <= 50, ms);
  check('with the spinner: CLS', '0', medianOf('A', audit('cumulative-layout-shift')), (v) => v === 0, (v) => v.toFixed(3));
  check('without spinner (D, rootSpinnerMs 0): score', '100', medianOf('D', score), (v) => v >= 100, num);
  check('without spinner: LCP', '<= 1.0 s', medianOf('D', audit('largest-contentful-paint')), (v) => v <= 1000, s);
  check('first response (HTML of /onboarding/gender) compressed', '<= 14 KB', medianOf('B', documentBytes), (v) => v <= 14 * 1024, kb);

  // Issue 14's 110 KB for the first step's JavaScript was retired by issue 31: its 135 KB is checked on
  // what the page requests before app-ready (bench/browser-budget.ts), not on every script Lighthouse saw.
  const funnel = read('funnel-js.json', funnelSchema);
  check('whole default funnel to /sign-up/password, JS on the wire', '<= 170 KB', funnel?.product.jsTransferBytes ?? Number.NaN, (v) => v <= 170 * 1024, kb);

  const tapResults = read('tap.json', tapSchema)?.results;
  const walks = tapResults?.product?.walks ?? [];
  const taps = walks.flat().map((tap) => tap.tapToPaintMs);
  check('tap to next question painted, 4x CPU: p50', '<= 50 ms', quantile(taps, 0.5), (v) => v <= 50, ms);
  check('tap to next question painted: p90', '<= 80 ms', quantile(taps, 0.9), (v) => v <= 80, ms);
  check('the first tap (median of the walks)', '<= 50 ms', median(walks.map((walk) => walk[0]?.tapToPaintMs ?? Number.NaN)), (v) => v <= 50, ms);
  // Both kinds of visitor behind the stack's flag resolver (`npm start`): B is a baseline visitor, E one
  // the flag sends to another flow (bench/perf-harness.ts). The lookup starts from the HTML; the first
  // paint (the splash) must not wait for it, and the variant visitor must end on their own flow.
  check('flag lookup, a baseline visitor (B): FCP', '<= 1.0 s', medianOf('B', audit('first-contentful-paint')), (v) => v <= 1000, s);
  const variant = read('variant-visitor.json', variantVisitorSchema);
  const variantRuns = lighthouse('E');
  const landed = variantRuns.filter((report) => variant !== undefined && new URL(report.finalDisplayedUrl ?? 'about:blank').pathname === variant.firstStepPath).length;
  const variantFigures = `score ${num(medianOf('E', score))}, FCP ${s(medianOf('E', audit('first-contentful-paint')))}, LCP ${s(medianOf('E', audit('largest-contentful-paint')))} (B: LCP ${s(medianOf('B', audit('largest-contentful-paint')))})`;
  rows.push({
    target: `flag lookup, a ${variant?.flowId ?? 'variant'} visitor (E) on the baseline's URL: ends on their flow's first step`,
    goal: 'every run',
    measured: variantRuns.length === 0 ? '-' : `${String(landed)}/${String(variantRuns.length)} runs; ${variantFigures}`,
    verdict: variantRuns.length === 0 || variant === undefined ? 'not measured' : landed === variantRuns.length ? 'met' : 'NOT MET',
  });

  // Issue 31: ratios against SurveyJS (C; its taps with the auto-advance delay at 0) in the same run.
  const tbtC = medianOf('C', audit('total-blocking-time'));
  for (const id of ['A', 'B']) {
    const tbt = medianOf(id, audit('total-blocking-time'));
    check(`issue 31: TBT of ${id} against SurveyJS's (C)`, '<= 0.30x', tbt / tbtC, (v) => v <= 0.3, (v) => `${ratio(v)} (${ms(tbt)} / ${ms(tbtC)})`);
  }
  check("issue 31: `npm start` (B) within 10 points of A's score", '>= A - 10', scoreB - scoreA, (v) => v >= -10, () => `A ${num(scoreA)}, B ${num(scoreB)}`);
  const noDelay = (tapResults?.['surveyjs-nodelay']?.walks ?? []).flat().map((tap) => tap.tapToPaintMs);
  for (const [name, q, goal] of [['p50', 0.5, 0.4], ['p90', 0.9, 0.5]] as const) {
    const product = quantile(taps, q);
    const survey = quantile(noDelay, q);
    check(`issue 31: tap to next question painted, ${name} against SurveyJS without delay`, `<= ${goal.toFixed(2)}x`, product / survey, (v) => v <= goal, (v) => `${ratio(v)} (${ms(product)} / ${ms(survey)})`);
  }
  const surveyFunnel = funnel?.surveyjs?.jsTransferBytes ?? Number.NaN;
  const productFunnel = funnel?.product.jsTransferBytes ?? Number.NaN;
  check('issue 31: whole default funnel JS against SurveyJS\'s', '<= 0.60x', productFunnel / surveyFunnel, (v) => v <= 0.6, (v) => `${ratio(v)} (${kb(productFunnel)} / ${kb(surveyFunnel)})`);
  return { rows, load: info === undefined ? 'unknown' : `${info.loadBefore} at start, ${info.loadAfter ?? '?'} at end` };
}

/** The rows as a fixed-width table. */
export function formatTargets(rows: readonly TargetRow[]): string {
  const cells = [['target', 'goal', 'measured', 'verdict'], ...rows.map((row) => [row.target, row.goal, row.measured, row.verdict])];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  return cells.map((row) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')).join('\n');
}

function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** Linear-interpolated quantile of the finite values (the harness's own definition). */
function quantile(values: readonly number[], q: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = sorted[Math.floor(position)] ?? Number.NaN;
  const high = sorted[Math.ceil(position)] ?? Number.NaN;
  return low + (high - low) * (position - Math.floor(position));
}
