import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { buildFunnelReport, type ReportFlow, type VariantReport } from '../../engine/funnel-report';
import { funnelSignals } from './funnel-signals';
import type { SnowplowStore } from './snowplow-store';

export interface FunnelReportRoutesDeps {
  readonly store: SnowplowStore;
  /** The flows to split by (server/snowplow/report-flows.ts), read when the page is asked for. */
  readonly flows: () => readonly ReportFlow[];
  readonly repoRoot: string;
  readonly basePath?: string;
}

/**
 * `/_dev/funnel`: the growth team's drop-off report from the collected events, the flow variants side
 * by side (each a Chart.js bar chart of reach and a table), optionally for one language (`?lng=de`).
 * The page's data sits in a JSON script element and its scripts are files (the stack's CSP allows
 * no inline script); Chart.js is served from node_modules.
 */
export function createFunnelReportRoutes({ store, flows, repoRoot, basePath = '/_dev/funnel' }: FunnelReportRoutesDeps): Hono {
  const app = new Hono();
  const chartJs = join(dirname(createRequire(join(repoRoot, 'package.json')).resolve('chart.js')), 'chart.umd.min.js');
  const assets = join(repoRoot, 'server/snowplow/funnel-report-page');
  app.get('/chart.umd.min.js', (c) => c.body(readFileSync(chartJs, 'utf8'), 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/funnel-report-page.js', (c) => c.body(readFileSync(join(assets, 'funnel-report-page.js'), 'utf8'), 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/funnel-report-page.css', (c) => c.body(readFileSync(join(assets, 'funnel-report-page.css'), 'utf8'), 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  app.get('/api/report', async (c) => c.json(buildFunnelReport(flows(), funnelSignals(await store.good()))));
  app.get('/', async (c) => {
    const report = buildFunnelReport(flows(), funnelSignals(await store.good()));
    const language = c.req.query('lng') ?? 'all';
    const shown = report.variants.filter((variant) => variant.language === language);
    return c.html(page(basePath, language, report.languages, shown));
  });
  return app;
}

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

function variantSection(variant: VariantReport, index: number): string {
  const rows = variant.steps
    .map(
      (step) =>
        `<tr><td>${step.position}</td><th scope="row">${escapeHtml(step.stepId)}</th><td>${step.reached}</td><td>${step.droppedOff}</td><td>${percent(step.dropOffRate)}</td><td>${step.medianSecondsOnStep === null ? '-' : step.medianSecondsOnStep.toFixed(1)}</td></tr>`,
    )
    .join('\n');
  const finishedRate = variant.visitors === 0 ? '-' : percent(variant.finished / variant.visitors);
  return `<section aria-labelledby="variant-${index}">
<h2 id="variant-${index}">Flow ${escapeHtml(variant.flowId)}</h2>
<p>${variant.visitors} visitor${variant.visitors === 1 ? '' : 's'}, ${variant.finished} finished the questionnaire (${finishedRate}).</p>
<div class="chart"><canvas data-variant="${index}" role="img" aria-label="Visitors reaching each step of flow ${escapeHtml(variant.flowId)}"></canvas></div>
<table>
<thead><tr><th scope="col">#</th><th scope="col">Step</th><th scope="col">Reached</th><th scope="col">Left here</th><th scope="col">Drop-off</th><th scope="col">Median s on step</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

function page(base: string, language: string, languages: readonly string[], variants: readonly VariantReport[]): string {
  const languageLinks = ['all', ...languages]
    .map((code) => (code === language ? `<strong aria-current="page">${escapeHtml(code)}</strong>` : `<a href="${escapeHtml(code === 'all' ? base : `${base}?lng=${encodeURIComponent(code)}`)}">${escapeHtml(code)}</a>`))
    .join(' ');
  // `<` escaped so the JSON cannot close its script element.
  const data = JSON.stringify(variants).replaceAll('<', '\\u003c');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Funnel drop-off</title>
<link rel="stylesheet" href="${escapeHtml(base)}/funnel-report-page.css"></head>
<body>
<main>
<h1>Funnel drop-off</h1>
<p>Development only: from the events the local collector holds (Snowplow Micro API at <a href="/micro/good">/micro/good</a>). Reach counts visitors who saw a step; "left here" never answered it nor saw a later one. JSON: <a href="${escapeHtml(base)}/api/report">${escapeHtml(base)}/api/report</a>.</p>
<nav aria-label="Language">Language: ${languageLinks}</nav>
${variants.length === 0 ? '<p>No funnel visits collected yet. Walk the funnel at <a href="/onboarding">/onboarding</a>, then reload.</p>' : `<div class="variants">\n${variants.map(variantSection).join('\n')}\n</div>`}
<script type="application/json" id="funnel-report-data">${data}</script>
</main>
<script src="${escapeHtml(base)}/chart.umd.min.js"></script>
<script src="${escapeHtml(base)}/funnel-report-page.js"></script>
</body>
</html>`;
}
