import { describe, expect, it } from 'vitest';
import { tapTraceSummary, tapWork, type TraceEvent } from '../../../bench/tap-trace-summary';

const main = { pid: 1, tid: 7 };
const task = (name: string, ts: number, dur: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({ name, ph: 'X', ts, dur, ...main, ...extra });
const click = (ts: number, dur: number): TraceEvent => task('EventDispatch', ts, dur, { args: { data: { type: 'click' } } });
const painted = (ts: number): TraceEvent => ({ name: 'bench:tap-painted', ph: 'R', ts, ...main });

describe('tap trace summary', () => {
  it('counts each microsecond of the main thread once, by the innermost event, inside the tap only', () => {
    const work = tapWork([
      // Before the tap: not counted.
      task('RunTask', 0, 5000),
      task('FunctionCall', 1000, 2000),
      // The tap: a click handler (4 ms, of which a 1 ms style recalc), then a React task with a layout inside.
      task('RunTask', 10_000, 4000),
      click(10_000, 4000),
      task('UpdateLayoutTree', 12_000, 1000),
      task('RunTask', 20_000, 10_000),
      task('FunctionCall', 20_000, 10_000, { args: { data: { functionName: 'performWork', url: 'https://x/assets/mount-app.js' } } }),
      task('Layout', 25_000, 3000),
      task('Paint', 31_000, 2000),
      // Another thread: not counted.
      task('FunctionCall', 12_000, 9000, { tid: 8 }),
      painted(40_000),
    ]);
    expect(work).toHaveLength(1);
    const [tap] = work;
    expect(tap?.windowMs).toBe(30);
    expect(tap?.byKind).toEqual({ script: 10, style: 1, layout: 3, paint: 2, decode: 0, gc: 0, parse: 0, other: 0, idle: 14 });
    expect(tap?.scripts.get('performWork mount-app.js')).toBe(10);
  });

  it('gives per-tap medians over walks and ranks script entry points', () => {
    const walk = (scriptMs: number): TraceEvent[] => [click(0, 1000), task('FunctionCall', 1000, scriptMs * 1000, { args: { data: { functionName: 'f', url: 'a.js' } } }), painted(50_000)];
    const summary = tapTraceSummary([walk(10), walk(20), walk(30)]);
    expect(summary.perTap).toHaveLength(1);
    expect(summary.perTap[0]?.byKind.script).toBe(21);
    expect(summary.overall.windowMs).toBe(50);
    expect(summary.scripts[0]).toEqual({ name: 'f a.js', ms: 60, perTapMs: 20 });
  });
});
