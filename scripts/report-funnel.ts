import { fileURLToPath } from 'node:url';
import { buildFunnelReport, type VariantReport } from '../engine/funnel-report';
import { funnelSignals, type MicroGoodEventLike } from '../server/snowplow/funnel-signals';
import { reportFlows } from '../server/snowplow/report-flows';

/**
 * `npm run report:funnel [-- --lng de] [--json]`: the drop-off report per flow variant from the events
 * a Snowplow Micro API holds (MICRO_URL, default the local stack at LOCAL_STACK_URL or
 * http://localhost:3000). The same numbers as /_dev/funnel; the warehouse version is SQL in
 * docs/funnel-report.md.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const lngAt = args.indexOf('--lng');
const language = lngAt >= 0 ? args[lngAt + 1] : undefined;
if (args.includes('--steps-sql')) {
  // The warehouse query's step dimension (docs/funnel-report.md), from the flows as the build compiles them.
  const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;
  console.log('create table if not exists funnel_steps (flow_id text not null, step_id text not null, position integer not null, path text not null, primary key (flow_id, position));');
  console.log('delete from funnel_steps;');
  for (const flow of reportFlows(root)) {
    flow.steps.forEach((step, index) => console.log(`insert into funnel_steps values (${quote(flow.id)}, ${quote(step.id)}, ${index + 1}, ${quote(step.path)});`));
  }
  process.exit(0);
}
const base = (process.env.MICRO_URL ?? process.env.LOCAL_STACK_URL ?? 'http://localhost:3000').replace(/\/$/, '');

let response: Response;
try {
  response = await fetch(`${base}/micro/good`);
} catch (error) {
  console.error(`Cannot reach ${base}/micro/good (${error instanceof Error ? error.message : String(error)}). Start the stack (npm start) or set MICRO_URL.`);
  process.exit(1);
}
if (!response.ok) {
  console.error(`${base}/micro/good answered ${response.status}: is DEV_ROUTES on?`);
  process.exit(1);
}
const events: unknown = await response.json();
if (!Array.isArray(events)) {
  console.error(`${base}/micro/good did not answer a list of events`);
  process.exit(1);
}
// Micro's GoodEvent shape; funnelSignals skips what it cannot read.
const good: MicroGoodEventLike[] = events.flatMap((event: unknown) =>
  typeof event === 'object' && event !== null && 'eventType' in event && typeof event.eventType === 'string' && 'event' in event && typeof event.event === 'object' && event.event !== null
    ? [{ eventType: event.eventType, event: { ...event.event } }]
    : [],
);
const report = buildFunnelReport(reportFlows(root), funnelSignals(good));
const shown = report.variants.filter((variant) => variant.language === (language ?? 'all'));

if (args.includes('--json')) {
  console.log(JSON.stringify({ ...report, variants: shown }, null, 2));
} else {
  console.log(`Funnel drop-off from ${good.length} events at ${base}/micro (${language === undefined ? 'all languages' : `language ${language}`}; languages seen: ${report.languages.join(', ') || 'none'})\n`);
  for (const variant of shown) printVariant(variant);
  if (shown.length === 0) console.log('No visitors in this language.');
}

function printVariant(variant: VariantReport): void {
  const rate = variant.visitors === 0 ? '-' : `${((variant.finished / variant.visitors) * 100).toFixed(1)}%`;
  console.log(`Flow ${variant.flowId}: ${variant.visitors} visitors, ${variant.finished} finished the questionnaire (${rate})`);
  console.log(`  ${'#'.padStart(3)}  ${'step'.padEnd(24)}${'reached'.padStart(8)}${'left'.padStart(6)}${'drop-off'.padStart(10)}${'median s'.padStart(10)}  bar`);
  const widest = Math.max(1, ...variant.steps.map((step) => step.reached));
  for (const step of variant.steps) {
    const median = step.medianSecondsOnStep === null ? '-' : step.medianSecondsOnStep.toFixed(1);
    const bar = '#'.repeat(Math.round((step.reached / widest) * 30));
    console.log(
      `  ${String(step.position).padStart(3)}  ${step.stepId.padEnd(24)}${String(step.reached).padStart(8)}${String(step.droppedOff).padStart(6)}${`${(step.dropOffRate * 100).toFixed(1)}%`.padStart(10)}${median.padStart(10)}  ${bar}`,
    );
  }
  console.log('');
}
