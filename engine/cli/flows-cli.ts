import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileFlow } from '../compile-flow';
import type { FlowProjectResult } from '../compile-flow-project';
import { compileFlowProject } from '../compile-flow-project';
import { consumerRulesFile, loadConsumerRules } from '../load-consumer-rules';
import { formatFlowDiagnostic } from '../flow-error';
import { loadPaywalls, paywallsFile } from '../paywalls';
import { renderFlowGraph } from '../flow-graph';
import type { ResolvedFlow } from '../flow-schema';
import type { FlowProjectFiles } from '../read-flow-project';
import { flowProjectLayout, flowsDirFromEnvironment, readFlowProject } from '../read-flow-project';
import { didYouMean } from '../suggest-name';
import { TranslationCatalog } from '../translation-catalog';
import { formatFlowDiff } from './format-flow-diff';
import { verifyTranslations } from '../verify-translations';

/**
 * `npm run flows -- <command> [--dir <project root>]`
 *
 *   check   validate every flows/*.yaml in every order, flows/variants.yaml, experiments/*.yaml, config/paywalls.yaml, config/consumer-rules.yaml and the translations; exit 1 on any error
 *   graph   write flow-graphs/<flow>.html (self-contained HTML + SVG) for every flow
 *   diff    steps inserted, removed, moved (and changed) between two flows or two orders of one flow
 *
 * FLOWS_DIR=<dir> reads the flow YAML files from another directory than <project root>/flows.
 *
 * Exit codes: 0 ok, 1 flow errors, 2 usage errors.
 */
export function flowsCli(argv: readonly string[], write: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): number {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    write(args);
    write(usage);
    return 2;
  }
  switch (args.command) {
    case 'check':
      return check(args.dir, write);
    case 'graph':
      return graph(args.dir, args.out ?? join(args.dir, 'flow-graphs'), write);
    case 'diff':
      return diff(args, write);
    default:
      write(`unknown command "${args.command}"`);
      write(usage);
      return 2;
  }
}

const usage = [
  'usage: npm run flows -- <command> [--dir <project root>]',
  '  check                         validate every flow (in every step order), flows/variants.yaml, experiments/*.yaml, config/paywalls.yaml and config/consumer-rules.yaml',
  '  graph [--out <dir>]           write an HTML diagram of each flow to flow-graphs/<id>.html',
  '  diff <from> <to> [--order o]  steps inserted, removed, moved or changed between two flows',
  '  diff <flow> --orders [a b]    the same between two step orders of one flow',
].join('\n');

interface CliArgs {
  readonly command: string;
  readonly dir: string;
  readonly rest: readonly string[];
  readonly out?: string;
  readonly order?: string;
  readonly orders: boolean;
}

function parseArgs(argv: readonly string[]): CliArgs | string {
  let dir = process.cwd();
  let out: string | undefined;
  let order: string | undefined;
  let orders = false;
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dir' || arg === '--out' || arg === '--order') {
      const value = argv[++i];
      if (value === undefined) return `${arg} needs a value`;
      if (arg === '--dir') dir = resolve(value);
      else if (arg === '--out') out = resolve(value);
      else order = value;
    } else if (arg === '--orders') {
      orders = true;
    } else if (arg !== undefined) {
      positional.push(arg);
    }
  }
  const [command, ...rest] = positional;
  if (command === undefined) return 'missing command';
  return { command, dir, rest, orders, ...(out === undefined ? {} : { out }), ...(order === undefined ? {} : { order }) };
}

/** Where the flow files are: FLOWS_DIR when it is set, else `<dir>/flows`. */
function flowsDirOf(dir: string): string {
  return flowsDirFromEnvironment(dir) ?? join(dir, flowProjectLayout.flowsDir);
}

function readProject(dir: string): FlowProjectFiles {
  return readFlowProject(dir, flowsDirOf(dir));
}

function check(dir: string, write: (line: string) => void): number {
  const project = readProject(dir);
  if (project.flowFiles.length === 0) {
    write(`no flow files found in ${flowsDirOf(dir)}`);
    return 1;
  }
  const result = compileFlowProject(project, { verifyAllOrders: true });
  for (const c of result.checks) write(`ok ${c.file} (${c.stepCount} steps, order ${c.order}${c.compiled ? ', live' : ''})`);
  if (result.variants !== undefined && project.variantsFile !== undefined) {
    write(`ok ${project.variantsFile.file} (${Object.keys(result.variants.variants).length} variants of flag ${result.variants.flag})`);
  }
  for (const e of result.experiments) write(`ok ${e.file} (experiment on ${e.flag}: ${e.plan.allocation.map((a) => a.variant).join(', ')} by ${e.plan.primaryMetric})`);
  for (const d of result.diagnostics) write(formatFlowDiagnostic(d));
  // The plans page's paywalls name the flag's variants and the catalogue's prices (the build checks the same).
  const paywalls = existsSync(join(dir, paywallsFile)) ? loadPaywalls(dir, { variantNames: result.variants && Object.keys(result.variants.variants) }) : undefined;
  if (paywalls?.ok === true) write(`ok ${paywallsFile} (${Object.keys(paywalls.value.paywalls).length} paywalls, default ${paywalls.value.defaultPaywall})`);
  const paywallProblems = paywalls?.ok === false ? paywalls.diagnostics : [];
  for (const d of paywallProblems) write(formatFlowDiagnostic(d));
  const consumerRules = existsSync(join(dir, consumerRulesFile)) ? loadConsumerRules(dir) : undefined;
  if (consumerRules?.ok === true) write(`ok ${consumerRulesFile} (default and ${Object.keys(consumerRules.value.countries).join(', ')}; consent wording ${consumerRules.value.consentWordingVersion})`);
  const consumerRuleProblems = consumerRules?.ok === false ? consumerRules.diagnostics : [];
  for (const d of consumerRuleProblems) write(formatFlowDiagnostic(d));
  // Every language must have exactly the keys the others have; the flows' keys are checked against
  // English above, so together a flow cannot reference a key some language lacks.
  const localesDir = join(dir, 'public', 'locales');
  const translationProblems = verifyTranslations(localesDir);
  if (translationProblems.length === 0) write('ok public/locales (every language has every key)');
  for (const problem of translationProblems) write(problem.message);
  const errors = result.diagnostics.length + paywallProblems.length + consumerRuleProblems.length + translationProblems.length;
  if (errors > 0) {
    write(`${errors} error${errors === 1 ? '' : 's'}`);
    return 1;
  }
  return 0;
}

/** Loads and checks the project; prints the errors and returns undefined when there are any. */
function loadChecked(dir: string, write: (line: string) => void): { result: FlowProjectResult; project: FlowProjectFiles } | undefined {
  const project = readProject(dir);
  const result = compileFlowProject(project, { verifyAllOrders: true });
  if (result.diagnostics.length === 0) return { result, project };
  for (const d of result.diagnostics) write(formatFlowDiagnostic(d));
  write('fix these first (npm run flows -- check)');
  return undefined;
}

function graph(dir: string, outDir: string, write: (line: string) => void): number {
  const checked = loadChecked(dir, write);
  if (checked === undefined) return 1;
  const { catalog } = TranslationCatalog.parse('en', checked.project.translationFiles);
  mkdirSync(outDir, { recursive: true });
  for (const flow of checked.result.resolved.values()) {
    const orderNames = [flow.order, ...Object.keys(flow.orders).filter((o) => o !== flow.order)];
    const compiled = orderNames.map((order) => compileFlow(flow, catalog, { order }));
    const file = join(outDir, `${flow.id}.html`);
    writeFileSync(file, renderFlowGraph(compiled));
    write(`wrote ${relative(process.cwd(), file) || file} (${orderNames.join(', ')})`);
  }
  return 0;
}

function diff(args: CliArgs, write: (line: string) => void): number {
  const [fromId, toId] = args.rest;
  if (fromId === undefined || (toId === undefined && !args.orders)) {
    write('diff needs two flow ids (diff default v1), or one flow and --orders (diff v1 --orders)');
    return 2;
  }
  const checked = loadChecked(args.dir, write);
  if (checked === undefined) return 1;
  const flows = checked.result.resolved;
  const find = (id: string): ResolvedFlow | undefined => {
    const flow = flows.get(id);
    if (flow === undefined) write(`unknown flow "${id}"${didYouMean(id, flows.keys())} (flows: ${[...flows.keys()].join(', ')})`);
    return flow;
  };
  const pickOrder = (flow: ResolvedFlow, order: string | undefined): string | undefined => {
    if (order === undefined) return flow.order;
    if (flow.orders[order] !== undefined) return order;
    write(`flow "${flow.id}" has no order "${order}"${didYouMean(order, Object.keys(flow.orders))} (orders: ${Object.keys(flow.orders).join(', ')})`);
    return undefined;
  };

  const from = find(fromId);
  if (from === undefined) return 2;
  if (args.orders) {
    const names = Object.keys(from.orders);
    const a = pickOrder(from, args.rest[1] ?? from.order);
    const b = pickOrder(from, args.rest[2] ?? names.find((n) => n !== a));
    if (a === undefined || b === undefined) return 2;
    for (const line of formatFlowDiff({ flow: from, order: a }, { flow: from, order: b })) write(line);
    return 0;
  }
  const to = find(toId ?? '');
  if (to === undefined) return 2;
  const fromOrder = pickOrder(from, args.order);
  const toOrder = pickOrder(to, args.order);
  if (fromOrder === undefined || toOrder === undefined) return 2;
  for (const line of formatFlowDiff({ flow: from, order: fromOrder }, { flow: to, order: toOrder })) write(line);
  return 0;
}

// Run when executed directly (tsx engine/cli/flows-cli.ts), not when imported by tests.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  // `npm run flows -- diff default v1 | head` closes the pipe early; that is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  process.exitCode = flowsCli(process.argv.slice(2));
}
