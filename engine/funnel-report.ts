/** One flow as the report needs it: its steps in order (from the compiled flows). */
export interface ReportFlow {
  readonly id: string;
  readonly steps: readonly { readonly id: string; readonly path: string }[];
}

/** A collected event, reduced to what the report reads (from Micro's API or the warehouse). */
export interface FunnelSignal {
  /** The tracker's visitor (domain_userid). */
  readonly visitor: string;
  readonly kind: 'page_view' | 'onboarding_event';
  /** The page's path (page_urlpath). */
  readonly path: string;
  /** onboarding_event's `question`: the answered step id. */
  readonly question?: string;
  /** The funnel's UI language of the event. */
  readonly language: string;
  /** Milliseconds (derived_tstamp). */
  readonly at: number;
}

export interface StepRow {
  readonly stepId: string;
  /** 1-based. */
  readonly position: number;
  /** Visitors who saw this step. */
  readonly reached: number;
  /** Of those, visitors who never got past it (no answer and no later step). */
  readonly droppedOff: number;
  /** droppedOff / reached (0 when nobody reached it). */
  readonly dropOffRate: number;
  /** Median seconds from first seeing the step to answering it (or seeing the next), among those who did. */
  readonly medianSecondsOnStep: number | null;
}

export interface VariantReport {
  readonly flowId: string;
  /** A language code, or `all`. */
  readonly language: string;
  readonly visitors: number;
  /** Visitors who answered the flow's last step. */
  readonly finished: number;
  readonly steps: readonly StepRow[];
}

export interface FunnelReport {
  /** Per flow over every language first (flows in the given order), then per flow and language. */
  readonly variants: readonly VariantReport[];
  readonly languages: readonly string[];
}

interface VisitorTrail {
  readonly language: string;
  /** First page view of each step index. */
  readonly seen: Map<number, number>;
  /** First answer time for each step index. */
  readonly answered: Map<number, number>;
}

/**
 * The growth team's drop-off report: for each flow variant (and each language), per step how many
 * visitors reached it, how many left there, and the median time they spent on it. A visitor belongs
 * to the flow whose step pages they saw; a step counts as passed when it was answered or a later step
 * was seen. docs/funnel-report.md has the same arithmetic as SQL for the warehouse.
 */
export function buildFunnelReport(flows: readonly ReportFlow[], signals: readonly FunnelSignal[]): FunnelReport {
  const stepIndex = new Map<string, { flowId: string; index: number }>();
  for (const flow of flows) flow.steps.forEach((step, index) => stepIndex.set(step.path, { flowId: flow.id, index }));
  const trails = new Map<string, Map<string, VisitorTrail>>(flows.map((flow) => [flow.id, new Map()]));
  const sorted = [...signals].sort((a, b) => a.at - b.at);
  for (const signal of sorted) {
    const located = stepIndex.get(signal.path.replace(/\/$/, ''));
    if (located === undefined) continue;
    const flow = flows.find((candidate) => candidate.id === located.flowId);
    const byVisitor = trails.get(located.flowId);
    if (flow === undefined || byVisitor === undefined) continue;
    let trail = byVisitor.get(signal.visitor);
    if (trail === undefined) {
      trail = { language: signal.language, seen: new Map(), answered: new Map() };
      byVisitor.set(signal.visitor, trail);
    }
    if (signal.kind === 'page_view' && !trail.seen.has(located.index)) trail.seen.set(located.index, signal.at);
    if (signal.kind === 'onboarding_event') {
      const answeredIndex = flow.steps.findIndex((step) => step.id === signal.question);
      if (answeredIndex >= 0 && !trail.answered.has(answeredIndex)) trail.answered.set(answeredIndex, signal.at);
    }
  }
  const languages = [...new Set([...trails.values()].flatMap((byVisitor) => [...byVisitor.values()].map((trail) => trail.language)))].sort();
  const variants: VariantReport[] = [];
  for (const flow of flows) variants.push(variantReport(flow, 'all', [...(trails.get(flow.id)?.values() ?? [])]));
  for (const flow of flows) {
    for (const language of languages) {
      const inLanguage = [...(trails.get(flow.id)?.values() ?? [])].filter((trail) => trail.language === language);
      if (inLanguage.length > 0) variants.push(variantReport(flow, language, inLanguage));
    }
  }
  return { variants, languages };
}

function variantReport(flow: ReportFlow, language: string, trails: readonly VisitorTrail[]): VariantReport {
  const last = flow.steps.length - 1;
  const passed = (trail: VisitorTrail, index: number): boolean => trail.answered.has(index) || [...trail.seen.keys()].some((seenIndex) => seenIndex > index);
  const steps = flow.steps.map((step, index): StepRow => {
    const reached = trails.filter((trail) => trail.seen.has(index));
    const droppedOff = reached.filter((trail) => !passed(trail, index)).length;
    const durations = reached.flatMap((trail) => {
      const start = trail.seen.get(index);
      const end = trail.answered.get(index) ?? trail.seen.get(index + 1);
      return start !== undefined && end !== undefined && end >= start ? [(end - start) / 1000] : [];
    });
    return {
      stepId: step.id,
      position: index + 1,
      reached: reached.length,
      droppedOff,
      dropOffRate: reached.length === 0 ? 0 : droppedOff / reached.length,
      medianSecondsOnStep: median(durations),
    };
  });
  return { flowId: flow.id, language, visitors: trails.length, finished: trails.filter((trail) => trail.answered.has(last)).length, steps };
}

/** The middle value; the mean of the two middle values for an even count (as SQL's percentile_cont(0.5)). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}
