import { browserPathSets } from './browser-paths';
import { loadPathSuites } from './path-suites';

/**
 * `npm run paths:coverage -- [flow...]`: generates the model-based paths of the chosen flows (all when
 * none is named) in both step orders and prints states and transitions covered, the number of paths
 * and the generation time. Exits 1 when a flow/order is below 100 % transition coverage.
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
const rows: string[][] = [['flow', 'order', 'states', '', 'transitions', '', 'paths', 'moves', 'browser paths', 'browser moves', 'ms']];
let failed = false;
for (const suite of suites) {
  const { paths, coverage, generationMs } = suite.generate();
  const browser = browserPaths.get(suite);
  rows.push([
    suite.flowId,
    suite.order,
    `${coverage.statesCovered}/${coverage.statesTotal}`,
    percent(coverage.statesCovered, coverage.statesTotal),
    `${coverage.transitionsCovered}/${coverage.transitionsTotal}`,
    percent(coverage.transitionsCovered, coverage.transitionsTotal),
    String(paths.length),
    String(movesOf({ paths })),
    String(browser?.paths.length ?? 0),
    String(movesOf(browser)),
    String(generationMs + (browser?.generationMs ?? 0)),
  ]);
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
