import type { ExperimentReport } from './experiment-report-schema.ts';
import { formatDifference, metricName } from './format-metric.ts';

/**
 * The report's verdict as one plain sentence for the growth team (the CLI and /_dev/experiments say the
 * same), with the numbers it rests on: docs/experiments.md, "Reading a verdict".
 */
export function verdictInWords(report: ExperimentReport): string {
  const { verdict, progress } = report;
  switch (verdict.reason) {
    case 'sample-ratio-mismatch':
      return `Do not trust these numbers: the split of visitors differs from the allocation beyond chance (anytime p = ${report.sampleRatio.pValue.toPrecision(2)}). Find what loses visitors of one variant before reading anything else.`;
    case 'exposure-logging-broken':
      return `Do not trust these numbers: exposure logging is broken (${report.exposureProblems.map((problem) => problem.kind).join(', ')}). Fix the logging first.`;
    case 'variant-wins': {
      const winner = report.comparisons.find((c) => c.variant === verdict.variant);
      const lower = winner?.primary.lower ?? 0;
      return `${verdict.variant ?? ''} wins: its ${metricName(report.primaryMetric)} is surely higher than ${report.control}'s (by at least ${formatDifference(report.primaryMetric, lower)}), and no guardrail is harmed. Ship it.`;
    }
    case 'no-variant-worth-the-change':
      return `No difference worth the change: every variant is surely worse, within the minimum effect of ${report.control}, or harms a guardrail. Keep ${report.control}.`;
    case 'planned-sample-reached':
      return `No difference worth the change: the planned sample is reached and no variant is surely better. Keep ${report.control}.`;
    case 'collecting':
      return progress.daysRemaining === null
        ? 'Keep running: no exposed visitors yet.'
        : `Keep running: no variant is surely better yet, and one still could be. ${Math.floor(progress.fraction * 100)} % of the planned sample, about ${Math.ceil(progress.daysRemaining)} more day${Math.ceil(progress.daysRemaining) === 1 ? '' : 's'} at the traffic so far.`;
  }
}
