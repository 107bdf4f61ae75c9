import { browserPathSets } from './browser-paths';
import { conditionCoverage } from './condition-coverage';
import { loadPathSuites } from './path-suites';

/**
 * `npm run paths:coverage -- [flow...]`: generates the model-based paths of the chosen flows (all when
 * none is named) in both step orders and prints states and transitions covered, the number of paths
 * condition outcomes covered (each `when` shown and skipped, each route taken), and the generation time.
 * Exits 1 when a flow/order is below 100 % transition or condition coverage.
 */
const wanted = new Set(process.argv.slice(2));
const suites = loadPathSuites().filter((suite) => wanted.size === 0 || wanted.has(suite.flowId));
const unknown = [...wanted].filter((id) => !suites.some((suite) => suite.flowId === id));
if (unknown.length > 0) {
  console.error(`unknown flow: ${unknown.join(', ')} (flows: ${[...new Set(loadPathSuites().map((suite) => suite.flowId))].join(', ')})`);
  process.exit(2);
}

const percent = (covered: number, total: number): string => `${total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10}%`;
const browserPaths = browserPathSets(suites);
const movesOf = (set: { paths: readonly { steps: readonly unknown[] }[] } | undefined): number => (set?.paths ?? []).reduce((sum, path) => sum + path.steps.length, 0);
const rows: string[][] = [['flow', 'order', 'states', '', 'transitions', '', 'conditions', 'paths', 'moves', 'browser paths', 'browser moves', 'ms']];
let failed = false;
for (const suite of suites) {
  const { paths, coverage, generationMs } = suite.generate();
  const browser = browserPaths.get(suite);
  // Outcomes of `when` and `next` (shown / skipped, each route taken) seen on the paths; 0/0 for a straight flow.
  const conditions = conditionCoverage(suite.model.flow, paths.flatMap((path) => path.steps.map((step) => step.state.context.funnel.context.answers)));
  rows.push([
    suite.flowId,
    suite.order,
    `${coverage.statesCovered}/${coverage.statesTotal}`,
    percent(coverage.statesCovered, coverage.statesTotal),
    `${coverage.transitionsCovered}/${coverage.transitionsTotal}`,
    percent(coverage.transitionsCovered, coverage.transitionsTotal),
    `${conditions.covered}/${conditions.total}`,
    String(paths.length),
    String(movesOf({ paths })),
    String(browser?.paths.length ?? 0),
    String(movesOf(browser)),
    String(generationMs + (browser?.generationMs ?? 0)),
  ]);
  if (conditions.uncovered.length > 0) {
    failed = true;
    console.error(`${suite.flowId}/${suite.order}: condition outcomes no path sees:\n  ${conditions.uncovered.join('\n  ')}`);
  }
  if (coverage.transitionsCovered < coverage.transitionsTotal) {
    failed = true;
    console.error(`${suite.flowId}/${suite.order}: untaken transitions:\n  ${coverage.uncovered.join('\n  ')}`);
  }
}
const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd());
if (failed) {
  console.error('Model-based paths: transition coverage below 100 %.');
  process.exit(1);
}
