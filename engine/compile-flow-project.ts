import type { CompiledFlow, CompiledVariantsWithProfile } from './compiled-flow.ts';
import { compileFlow } from './compile-flow.ts';
import { compileVariants } from './compile-variants.ts';
import type { ProfileColumn, ProfileSources } from './profile-from-answers.ts';
import type { CompiledExperiment } from './experiments/compile-experiment.ts';
import { compileExperiment } from './experiments/compile-experiment.ts';
import { loadExperimentFile } from './experiments/load-experiment-file.ts';
import type { FlowDiagnostic } from './flow-error.ts';
import { formatFlowDiagnostic } from './flow-error.ts';
import { FlowSource } from './flow-source.ts';
import type { ResolvedFlow } from './flow-schema.ts';
import type { LoadedFlowFile } from './load-flow-file.ts';
import { loadFlowFile } from './load-flow-file.ts';
import { loadVariantsFile } from './load-variants-file.ts';
import { resolveFlow } from './resolve-flow.ts';
import type { TranslationFileInput } from './translation-catalog.ts';
import { TranslationCatalog } from './translation-catalog.ts';
import { verifyFlow } from './verify-flow.ts';

/** A text file as read from disk; `file` is the path shown in messages, relative to the project root. */
export interface TextFileInput {
  readonly file: string;
  readonly text: string;
}

/** Everything the compiler reads, already loaded (I/O lives in read-flow-project.ts). */
export interface FlowProjectInput {
  readonly flowFiles: readonly TextFileInput[];
  /** flows/variants.yaml, when present. */
  readonly variantsFile?: TextFileInput;
  /** experiments/*.yaml (docs/experiments.md). */
  readonly experimentFiles?: readonly TextFileInput[];
  /** The English namespace files. */
  readonly translationFiles: readonly TranslationFileInput[];
  /** Whether a URL path such as `/images/v2/gender.svg` exists under public/. */
  readonly publicFileExists: (urlPath: string) => boolean;
}

export interface FlowProjectOptions {
  /** Compile (and verify) this order in every flow instead of each flow's `order` line. */
  readonly order?: string;
  /** Named in the message when a flow lacks `order`, e.g. `FLOW_ORDER`. */
  readonly orderSource?: string;
  /** Verify every order of every flow, not only the compiled one (the CLI's `check`). */
  readonly verifyAllOrders?: boolean;
}

/** One flow and order that passed verification. */
export interface FlowCheck {
  readonly file: string;
  readonly flowId: string;
  readonly order: string;
  readonly stepCount: number;
  /** Whether this is the order that gets compiled (the `order` line or the override). */
  readonly compiled: boolean;
}

export interface FlowProjectResult {
  /** Compiled flows by id; a flow with any error is left out. */
  readonly flows: ReadonlyMap<string, CompiledFlow>;
  /** Every flow that resolved (extends applied), by id, for tools that look at all orders (graph, diff). */
  readonly resolved: ReadonlyMap<string, ResolvedFlow>;
  readonly variants?: CompiledVariantsWithProfile;
  /** Every experiment file without errors. */
  readonly experiments: readonly CompiledExperiment[];
  readonly checks: readonly FlowCheck[];
  /** Every problem, de-duplicated (an error in a parent is seen through each child) and sorted by place. */
  readonly diagnostics: readonly FlowDiagnostic[];
}

/**
 * Loads, resolves, verifies and compiles every flow and the variants file. Shared by the Vite plugin
 * (build and dev), the CLI and the bench, so all three accept and reject exactly the same files.
 */
export function compileFlowProject(input: FlowProjectInput, options: FlowProjectOptions = {}): FlowProjectResult {
  const diagnostics: FlowDiagnostic[] = [];
  const { catalog, diagnostics: translationErrors } = TranslationCatalog.parse('en', input.translationFiles);
  diagnostics.push(...translationErrors);

  const loaded: LoadedFlowFile[] = [];
  // Flows that exist but failed to load: references to them are not reported again as "unknown flow".
  const brokenIds = new Set<string>();
  const fileById = new Map<string, string>();
  for (const { file, text } of input.flowFiles) {
    const result = loadFlowFile(file, text);
    if (!result.ok) {
      diagnostics.push(...result.diagnostics);
      const id = idOfBrokenFile(file, text);
      if (id !== undefined) brokenIds.add(id);
      continue;
    }
    const previous = fileById.get(result.value.data.id);
    if (previous !== undefined) {
      diagnostics.push(result.value.source.diagnosticAt(['id'], `flow id "${result.value.data.id}" is already used by ${previous}`));
      continue;
    }
    fileById.set(result.value.data.id, file);
    loaded.push(result.value);
  }

  // A forced order (FLOW_ORDER=listing) names an order of the spec's flows: a flow with no order of that
  // name (an example, a new funnel) keeps its own. An order no flow declares is reported on each (a typo).
  const forcedOrderExists = options.order !== undefined && loaded.some((file) => Object.hasOwn(file.data.orders ?? {}, options.order ?? ''));
  const flows = new Map<string, CompiledFlow>();
  const resolvedFlows = new Map<string, ResolvedFlow>();
  const basePaths = new Map<string, { readonly basePath: string; readonly profile: ProfileSources }>();
  const basePathOwner = new Map<string, string>();
  const checks: FlowCheck[] = [];
  for (const file of loaded) {
    const resolved = resolveFlow(file.data.id, loaded, brokenIds);
    if (!resolved.ok) {
      diagnostics.push(...resolved.diagnostics);
      brokenIds.add(file.data.id);
      continue;
    }
    const { flow, locator } = resolved.value;
    resolvedFlows.set(flow.id, flow);
    basePaths.set(flow.id, { basePath: flow.basePath, profile: profileSourcesOf(flow) });
    const owner = basePathOwner.get(flow.basePath);
    if (owner !== undefined) diagnostics.push(locator.at(['basePath'], `basePath "${flow.basePath}" is already used by flow "${owner}"`));
    basePathOwner.set(flow.basePath, flow.id);

    const forcedOrder = options.order !== undefined && (!forcedOrderExists || Object.hasOwn(flow.orders, options.order)) ? options.order : undefined;
    const compiledOrder = forcedOrder ?? flow.order;
    const orders = options.verifyAllOrders === true ? unique([compiledOrder, ...Object.keys(flow.orders)]) : [compiledOrder];
    for (const order of orders) {
      // The flow's own `order` line is checked as such, so a typo there reads "unknown order".
      const requested = order === flow.order && forcedOrder === undefined ? {} : { order };
      const source = forcedOrder !== undefined && order === forcedOrder && options.orderSource !== undefined ? { orderSource: options.orderSource } : {};
      const problems = verifyFlow(resolved.value, { translations: catalog, publicFileExists: input.publicFileExists, ...requested, ...source });
      diagnostics.push(...problems);
      if (problems.length > 0) continue;
      const compiled = order === compiledOrder;
      checks.push({ file: file.file, flowId: flow.id, order, stepCount: flow.orders[order]?.length ?? 0, compiled });
      if (compiled) flows.set(flow.id, compileFlow(flow, catalog, { order }));
    }
  }

  let variants: CompiledVariantsWithProfile | undefined;
  if (input.variantsFile !== undefined) {
    const loadedVariants = loadVariantsFile(input.variantsFile.file, input.variantsFile.text);
    if (!loadedVariants.ok) {
      diagnostics.push(...loadedVariants.diagnostics);
    } else {
      const compiled = compileVariants(loadedVariants.value, basePaths, brokenIds);
      // Every flow is served at its basePath, also one no flag variant names (a new funnel dropped into
      // flows/, the examples): the flag only decides which flow /onboarding redirects to.
      if (compiled.ok) variants = { ...compiled.value, basePaths: { ...Object.fromEntries([...flows].map(([id, flow]) => [id, flow.basePath])), ...compiled.value.basePaths } };
      else diagnostics.push(...compiled.diagnostics);
    }
  }

  const experiments: CompiledExperiment[] = [];
  for (const file of input.experimentFiles ?? []) {
    const loaded = loadExperimentFile(file.file, file.text);
    const compiled = loaded.ok ? compileExperiment(loaded.value, variants) : loaded;
    if (!loaded.ok || !compiled.ok) {
      diagnostics.push(...(compiled.ok ? [] : compiled.diagnostics));
      continue;
    }
    // The browser names the flag's experiment in its exposure event: there is one per flag.
    const running = experiments.find((e) => e.flag === compiled.value.flag);
    if (running === undefined) experiments.push(compiled.value);
    else diagnostics.push(loaded.value.source.diagnosticAt(['flag'], `flag "${running.flag}" already runs the experiment in ${running.file}: end one (remove its file) first`));
  }
  const flagExperiment = experiments.find((e) => e.flag === variants?.flag);
  if (variants !== undefined && flagExperiment !== undefined) variants = { ...variants, experiment: flagExperiment.id };

  return { flows, resolved: resolvedFlows, ...(variants === undefined ? {} : { variants }), experiments, checks, diagnostics: dedupeAndSort(diagnostics) };
}

/** The `id` of a flow file that failed validation, if it can still be read. */
function idOfBrokenFile(file: string, text: string): string | undefined {
  const id: unknown = FlowSource.parse(file, text).source.document.get('id');
  return typeof id === 'string' ? id : undefined;
}

/** The `profiles` columns a flow's declared storage keys fill. */
function profileSourcesOf(flow: ResolvedFlow): ProfileSources {
  const sources: Partial<Record<ProfileColumn, string>> = {};
  for (const [key, declaration] of Object.entries(flow.storageKeys)) if (declaration.profile !== undefined) sources[declaration.profile] = key;
  return sources;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function dedupeAndSort(diagnostics: readonly FlowDiagnostic[]): FlowDiagnostic[] {
  const seen = new Map<string, FlowDiagnostic>();
  for (const d of diagnostics) seen.set(formatFlowDiagnostic(d), d);
  return [...seen.values()].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}
