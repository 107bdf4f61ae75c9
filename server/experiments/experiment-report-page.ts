import type { CompiledExperiment } from '../../engine/experiments/compile-experiment';
import { guardrailMetricIds, primaryMetricIds } from '../../engine/experiments/experiment-plan';
import type { ExperimentReport } from '../../engine/experiments/experiment-report-schema';
import { formatDifference, formatMetric, metricName } from '../../engine/experiments/format-metric';
import { verdictInWords } from '../../engine/experiments/verdict-in-words';

type Interval = { readonly estimate: number; readonly lower: number | null; readonly upper: number | null };

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

function head(base: string, title: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(base)}/experiment-report-page.css"></head>
<body>
<main>`;
}

/** `/_dev/experiments`: the experiments declared in experiments/*.yaml, each a link to its report. */
export function experimentsIndexPage(base: string, experiments: readonly CompiledExperiment[], missing?: string): string {
  const items = experiments.map((e) => `<li><a href="${escapeHtml(`${base}/${encodeURIComponent(e.id)}`)}">${escapeHtml(e.id)}</a> (flag ${escapeHtml(e.flag)}, since ${escapeHtml(e.start)})</li>`);
  return `${head(base, 'Experiments')}
<h1>Experiments</h1>
${missing === undefined ? '' : `<p role="alert">No experiment "${escapeHtml(missing)}".</p>`}
${items.length === 0 ? '<p>No experiment declared: add experiments/&lt;id&gt;.yaml (docs/experiments.md).</p>' : `<ul>\n${items.join('\n')}\n</ul>`}
</main>
</body>
</html>`;
}

function interval(metric: string, value: Interval, format: (metric: string, v: number | null) => string): string {
  return `${format(metric, value.estimate)} <span class="ci">[${format(metric, value.lower)}, ${format(metric, value.upper)}]</span>`;
}

/**
 * The difference's interval drawn against 0 and the minimum effect (dashed): a bar entirely right of 0
 * is "surely better". Attributes only, no style attribute: the stack's CSP allows no inline styles.
 */
function intervalPlot(value: Interval, effect: number, label: string): string {
  const width = 240;
  const span = Math.max(Math.abs(value.lower ?? 0), Math.abs(value.upper ?? 0), Math.abs(value.estimate), effect) * 1.2 || 1;
  const x = (v: number | null, fallback: number) => (v === null ? fallback : ((v + span) / (2 * span)) * width);
  const lower = x(value.lower, 0);
  const upper = x(value.upper, width);
  return `<svg class="plot" width="${width}" height="24" viewBox="0 0 ${width} 24" role="img" aria-label="${escapeHtml(label)}"><title>${escapeHtml(label)}</title>
<line x1="${x(-effect, 0)}" x2="${x(-effect, 0)}" y1="2" y2="22" class="mde"/><line x1="${x(effect, width)}" x2="${x(effect, width)}" y1="2" y2="22" class="mde"/>
<line x1="${width / 2}" x2="${width / 2}" y1="0" y2="24" class="zero"/>
<rect x="${lower.toFixed(1)}" y="8" width="${Math.max(1, upper - lower).toFixed(1)}" height="8" class="bar"/>
<circle cx="${x(value.estimate, width / 2).toFixed(1)}" cy="12" r="4" class="point"/></svg>`;
}

const kindLabel: Readonly<Record<ExperimentReport['verdict']['kind'], string>> = {
  'keep-running': 'Keep running',
  winner: 'Winner',
  'no-difference': 'No difference worth the change',
  'do-not-trust': 'Do not trust',
};

/** `/_dev/experiments/<id>`: the report of one experiment, readable without the JSON. */
export function experimentReportPage(base: string, experiment: CompiledExperiment, report: ExperimentReport): string {
  const metrics = [...primaryMetricIds, ...guardrailMetricIds];
  const { progress, plan } = report;
  const own = `${base}/${encodeURIComponent(experiment.id)}`;
  const variantRows = report.variants
    .map((variant) => {
      const cells = metrics.map((metric) => `<td>${interval(metric, variant.metrics[metric], formatMetric)}</td>`).join('');
      const about = experiment.variants[variant.variant];
      return `<tr><th scope="row">${escapeHtml(variant.variant)}${variant.variant === report.control ? ' (control)' : ''}<br><span class="note">flow ${escapeHtml(about?.flow ?? '')}: ${escapeHtml(about?.changes ?? '')}</span></th><td>${variant.exposed} <span class="ci">of ${plan.perVariant[variant.variant] ?? 0} planned</span></td>${cells}</tr>`;
    })
    .join('\n');
  const comparisonRows = report.comparisons
    .map((comparison) => {
      const primary = comparison.primary;
      const guardrails = comparison.guardrails
        .map((g) => `<li>${escapeHtml(metricName(g.metric))}: ${interval(g.metric, g, formatDifference)} ${g.harmed ? '<strong class="harmed">harmed</strong>' : 'not harmed'} <span class="ci">(tolerance ${formatDifference(g.metric, g.tolerance)})</span></li>`)
        .join('');
      const label = `${comparison.variant} minus ${report.control}, ${metricName(report.primaryMetric)}: ${formatDifference(report.primaryMetric, primary.estimate)} from ${formatDifference(report.primaryMetric, primary.lower)} to ${formatDifference(report.primaryMetric, primary.upper)}`;
      return `<tr><th scope="row">${escapeHtml(comparison.variant)}</th><td>${interval(report.primaryMetric, primary, formatDifference)}${primary.relative === null ? '' : ` <span class="ci">(${primary.relative >= 0 ? '+' : ''}${(primary.relative * 100).toFixed(1)} %)</span>`}</td><td>${intervalPlot(primary, plan.absoluteEffect, label)}</td><td>${escapeHtml(comparison.outcome)}</td><td>${guardrails === '' ? 'none' : `<ul>${guardrails}</ul>`}</td></tr>`;
    })
    .join('\n');
  const shares = Object.entries(report.sampleRatio.expectedShares)
    .map(([variant, share]) => `${escapeHtml(variant)} ${(share * 100).toFixed(1)} % planned, ${((report.sampleRatio.observedShares[variant] ?? 0) * 100).toFixed(1)} % seen`)
    .join('; ');
  const problems = report.exposureProblems.map((problem) => `<li>${escapeHtml(JSON.stringify(problem))}</li>`).join('');
  const remaining = progress.daysRemaining === null ? 'no traffic yet' : progress.reached ? 'reached' : `about ${Math.ceil(progress.daysRemaining)} more days at ${progress.visitorsPerDay.toFixed(1)} visitors a day`;
  return `${head(base, `Experiment ${experiment.id}`)}
<h1>Experiment ${escapeHtml(experiment.id)}</h1>
<p>Development only: from the local database, by the SQL of docs/experiments.md. Flag ${escapeHtml(experiment.flag)}, since ${escapeHtml(experiment.start)} (${escapeHtml(experiment.file)}). Primary metric: ${escapeHtml(metricName(report.primaryMetric))} within ${experiment.paidWithinDays} days; revenue in ${escapeHtml(experiment.reportingCurrency)}. JSON: <a href="${escapeHtml(own)}/api/report">${escapeHtml(own)}/api/report</a>.</p>
<section aria-labelledby="verdict" class="verdict ${escapeHtml(report.verdict.kind)}">
<h2 id="verdict">${escapeHtml(kindLabel[report.verdict.kind])}</h2>
<p>${escapeHtml(verdictInWords(report))}</p>
</section>
<section aria-labelledby="progress">
<h2 id="progress">Progress to the planned sample</h2>
<p><progress max="1" value="${Math.min(1, progress.fraction).toFixed(3)}" aria-labelledby="progress"></progress> ${progress.exposed} of ${plan.total} visitors; the least advanced variant has ${Math.floor(progress.fraction * 100)} % of its plan; ${escapeHtml(remaining)}.</p>
</section>
<section aria-labelledby="variants">
<h2 id="variants">Per variant (95 % intervals)</h2>
<div class="scroll" tabindex="0"><table>
<thead><tr><th scope="col">Variant</th><th scope="col">Exposed</th>${metrics.map((metric) => `<th scope="col">${escapeHtml(metricName(metric))}</th>`).join('')}</tr></thead>
<tbody>
${variantRows}
</tbody>
</table></div>
</section>
<section aria-labelledby="differences">
<h2 id="differences">Difference to ${escapeHtml(report.control)} (always-valid ${Math.round((1 - report.comparisonAlpha) * 100)} % intervals)</h2>
<p class="note">The bar is the interval, the dot the estimate, the solid line 0 and the dashed lines the minimum effect worth the change (${escapeHtml(formatDifference(report.primaryMetric, plan.absoluteEffect))}). These intervals stay valid however often the page is read.</p>
<div class="scroll" tabindex="0"><table>
<thead><tr><th scope="col">Variant</th><th scope="col">${escapeHtml(metricName(report.primaryMetric))}</th><th scope="col">Interval</th><th scope="col">Outcome</th><th scope="col">Guardrails</th></tr></thead>
<tbody>
${comparisonRows}
</tbody>
</table></div>
</section>
<section aria-labelledby="integrity">
<h2 id="integrity">Can the numbers be trusted?</h2>
<p>Sample ratio: ${shares}; anytime p = ${report.sampleRatio.pValue.toPrecision(2)} (${report.sampleRatio.mismatch ? '<strong class="harmed">mismatch</strong>' : 'no mismatch'}).</p>
${problems === '' ? '<p>Exposure logging: no problem found.</p>' : `<p>Exposure logging problems:</p><ul>${problems}</ul>`}
</section>
</main>
</body>
</html>`;
}
