/** A Chrome trace event, as much of it as the summary reads. */
export interface TraceEvent {
  readonly name: string;
  readonly cat?: string;
  readonly ph?: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid?: number;
  readonly tid?: number;
  readonly args?: { readonly data?: { readonly type?: string; readonly url?: string; readonly functionName?: string }; readonly name?: string };
}

/** What the browser's main thread did, by kind of work. */
export const workKinds = ['script', 'style', 'layout', 'paint', 'decode', 'gc', 'parse', 'other', 'idle'] as const;
export type WorkKind = (typeof workKinds)[number];

export interface TapWork {
  /** From the click's dispatch to the mark after the frame that paints the next question, ms. */
  readonly windowMs: number;
  readonly byKind: Readonly<Record<WorkKind, number>>;
  /** Time inside each script entry point (a function called by the browser, a script evaluated), by `function url`. */
  readonly scripts: ReadonlyMap<string, number>;
}

const kindOf: Readonly<Record<string, WorkKind>> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.compile': 'script',
  'v8.compileModule': 'script',
  'v8.evaluateModule': 'script',
  'v8.run': 'script',
  V8Execute: 'script',
  RunMicrotasks: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  FireIdleCallback: 'script',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  UpdateLayout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  UpdateLayerTree: 'paint',
  CompositeLayers: 'paint',
  Commit: 'paint',
  'Decode Image': 'decode',
  'Decode LazyPixelRef': 'decode',
  ImageDecodeTask: 'decode',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
  'V8.GC_MARK_COMPACTOR': 'gc',
  BlinkGC: 'gc',
  ParseHTML: 'parse',
};

function noWork(): Record<WorkKind, number> {
  return { script: 0, style: 0, layout: 0, paint: 0, decode: 0, gc: 0, parse: 0, other: 0, idle: 0 };
}

function kind(event: TraceEvent): WorkKind {
  return kindOf[event.name] ?? (event.name.startsWith('V8.GC') || event.name.startsWith('BlinkGC') ? 'gc' : 'other');
}

/**
 * The main thread's work in each tap of each walk: the renderer main thread is the one that holds the
 * `bench:tap-painted` marks; a tap runs from the dispatch of its click to its mark. Time is self time
 * (an event's duration less its children's), clipped to the window, so nested work counts once.
 */
export function tapWork(events: readonly TraceEvent[]): TapWork[] {
  const marks = events.filter((event) => event.name === 'bench:tap-painted').sort((a, b) => a.ts - b.ts);
  const main = marks[0];
  if (main === undefined) return [];
  const thread = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const clicks = thread.filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'click');
  const windows = marks.flatMap((mark) => {
    const click = clicks.filter((candidate) => candidate.ts < mark.ts).at(-1);
    return click === undefined ? [] : [{ start: click.ts, end: mark.ts }];
  });
  const selfTimes = selfTime(thread);
  return windows.map(({ start, end }) => {
    const byKind = noWork();
    const scripts = new Map<string, number>();
    let busy = 0;
    for (const { event, parts } of selfTimes) {
      for (const [from, to] of parts) {
        const overlap = Math.min(to, end) - Math.max(from, start);
        if (overlap <= 0) continue;
        const ms = overlap / 1000;
        busy += event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask' ? 0 : ms;
        if (event.name !== 'RunTask' && event.name !== 'ThreadControllerImpl::RunTask') byKind[kind(event)] += ms;
      }
      if ((event.name === 'FunctionCall' || event.name === 'EvaluateScript' || event.name === 'v8.evaluateModule') && event.dur !== undefined) {
        const overlap = Math.min(event.ts + event.dur, end) - Math.max(event.ts, start);
        if (overlap > 0) {
          const data = event.args?.data;
          const name = `${data?.functionName || '(script)'} ${(data?.url ?? '').split('/').pop() ?? ''}`.trim();
          scripts.set(name, (scripts.get(name) ?? 0) + overlap / 1000);
        }
      }
    }
    const windowMs = (end - start) / 1000;
    byKind.idle = Math.max(0, windowMs - busy);
    return { windowMs, byKind, scripts };
  });
}

/** Each event's own time: its span less the spans of the events nested in it, as [from, to] parts. */
function selfTime(sorted: readonly TraceEvent[]): { event: TraceEvent; parts: [number, number][] }[] {
  const result: { event: TraceEvent; parts: [number, number][] }[] = [];
  const stack: { event: TraceEvent; end: number; cursor: number; parts: [number, number][] }[] = [];
  const close = (until: number): void => {
    for (let top = stack.at(-1); top !== undefined && top.end <= until; top = stack.at(-1)) {
      stack.pop();
      if (top.end > top.cursor) top.parts.push([top.cursor, top.end]);
      result.push({ event: top.event, parts: top.parts });
      const parent = stack.at(-1);
      if (parent) parent.cursor = top.end;
    }
  };
  for (const event of sorted) {
    const end = event.ts + (event.dur ?? 0);
    close(event.ts);
    const parent = stack.at(-1);
    if (parent) {
      if (event.ts > parent.cursor) parent.parts.push([parent.cursor, event.ts]);
      parent.cursor = Math.min(end, parent.end);
    }
    stack.push({ event, end: parent ? Math.min(end, parent.end) : end, cursor: event.ts, parts: [] });
  }
  close(Number.POSITIVE_INFINITY);
  return result;
}

export interface TapTraceSummary {
  /** Per tap position (tap n leaves step n): medians over the walks. */
  readonly perTap: readonly { readonly windowMs: number; readonly byKind: Readonly<Record<WorkKind, number>> }[];
  /** Every tap of every walk together: medians per tap. */
  readonly overall: { readonly windowMs: number; readonly byKind: Readonly<Record<WorkKind, number>> };
  /** Script entry points by their total time over all taps, longest first. */
  readonly scripts: readonly { readonly name: string; readonly ms: number; readonly perTapMs: number }[];
}

export function tapTraceSummary(walks: readonly (readonly TraceEvent[])[]): TapTraceSummary {
  const taps = walks.map(tapWork);
  const count = Math.max(0, ...taps.map((walk) => walk.length));
  const medianOf = (works: readonly TapWork[]) => {
    const byKind = noWork();
    for (const name of workKinds) byKind[name] = median(works.map((work) => work.byKind[name]));
    return { windowMs: median(works.map((work) => work.windowMs)), byKind };
  };
  const all = taps.flat();
  const scripts = new Map<string, number>();
  for (const work of all) for (const [name, ms] of work.scripts) scripts.set(name, (scripts.get(name) ?? 0) + ms);
  return {
    perTap: Array.from({ length: count }, (_, index) => medianOf(taps.flatMap((walk) => walk[index] ?? []))),
    overall: medianOf(all),
    scripts: [...scripts].map(([name, ms]) => ({ name, ms, perTapMs: ms / Math.max(1, all.length) })).sort((a, b) => b.ms - a.ms),
  };
}

export function formatTapTrace(summary: TapTraceSummary): string {
  const row = (cells: readonly string[]): string => cells.map((cell, index) => (index === 0 ? cell.padEnd(8) : cell.padStart(7))).join(' ');
  const figures = (label: string, tap: TapTraceSummary['overall']): string => row([label, tap.windowMs.toFixed(0), ...workKinds.map((name) => tap.byKind[name].toFixed(1))]);
  return [
    row(['tap', 'window', ...workKinds]),
    ...summary.perTap.map((tap, index) => figures(String(index + 1), tap)),
    figures('median', summary.overall),
    '',
    'script entry points, total over all taps (ms, per tap):',
    ...summary.scripts.slice(0, 12).map((script) => `  ${script.ms.toFixed(0).padStart(6)}  ${script.perTapMs.toFixed(1).padStart(6)}  ${script.name}`),
  ].join('\n');
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
