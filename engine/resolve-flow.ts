import type { Checked, FlowDiagnostic, FlowPath } from './flow-error.ts';
import type { FlowSource } from './flow-source.ts';
import { locateInSources } from './flow-source.ts';
import type { FlowFile, ResolvedFlow } from './flow-schema.ts';
import { resolvedFlowSchema } from './flow-schema.ts';
import type { LoadedFlowFile } from './load-flow-file.ts';
import type { IssueLocator } from './locate-schema-issues.ts';
import { locateSchemaIssues } from './locate-schema-issues.ts';
import { didYouMean } from './suggest-name.ts';

/** A flow with `extends` applied, plus the files it came from (most derived first) for locating errors. */
export interface ResolvedFlowSource {
  readonly flow: ResolvedFlow;
  /** The flow's own file first, then the flows it extends. */
  readonly sources: readonly FlowSource[];
  /** Locates a path of the resolved flow in whichever file spells it. */
  readonly locator: IssueLocator;
}

/**
 * Applies `extends`: the parent's optionSets and steps are merged into the child's (a step the child
 * also defines takes the child's value for every field it sets; a field is replaced whole, so a child
 * can swap `background: {female, male}` for `background: {all}`). The child's basePath, exit, order and
 * orders replace the parent's when given. Unknown parents and cycles are reported at the `extends` value.
 * The merged flow must satisfy `resolvedFlowSchema` (e.g. every step has a screen kind).
 *
 * @param id the flow to resolve
 * @param files every loaded flow file, looked up by their `id`
 * @param broken ids of flows that exist but failed to load: extending one fails without a message of
 *   its own (the parent's errors are already reported)
 */
export function resolveFlow(id: string, files: readonly LoadedFlowFile[], broken: ReadonlySet<string> = new Set()): Checked<ResolvedFlowSource> {
  const byId = new Map(files.map((f) => [f.data.id, f]));
  const own = byId.get(id);
  if (own === undefined) throw new Error(`resolveFlow: no loaded flow with id "${id}"`);

  const chain: LoadedFlowFile[] = [own];
  for (let current = own; current.data.extends !== undefined; ) {
    const parentId = current.data.extends;
    const parent = byId.get(parentId);
    if (parent === undefined && broken.has(parentId)) return { ok: false, diagnostics: [] };
    if (parent === undefined) {
      const message = `unknown flow "${parentId}"${didYouMean(parentId, byId.keys())}`;
      return { ok: false, diagnostics: [current.source.diagnosticAt(['extends'], message)] };
    }
    if (chain.includes(parent)) {
      const cycle = [...chain, parent].map((f) => f.data.id).join(' -> ');
      return { ok: false, diagnostics: [current.source.diagnosticAt(['extends'], `extends cycle: ${cycle}`)] };
    }
    chain.push(parent);
    current = parent;
  }

  const merged = chain.reduceRight<Partial<FlowFile>>((parent, child) => mergeFlow(parent, child.data), {});
  const { extends: _ignored, ...withoutExtends } = merged;
  const sources = chain.map((f) => f.source);
  const locator = chainLocator(sources);
  const result = resolvedFlowSchema.safeParse(withoutExtends);
  if (!result.success) {
    const diagnostics: FlowDiagnostic[] = locateSchemaIssues(result.error.issues, resolvedFlowSchema, withoutExtends, locator);
    return { ok: false, diagnostics };
  }
  return { ok: true, value: { flow: result.data, sources, locator } };
}

function mergeFlow(parent: Partial<FlowFile>, child: FlowFile): Partial<FlowFile> {
  const steps: NonNullable<FlowFile['steps']> = { ...parent.steps };
  for (const [stepId, step] of Object.entries(child.steps ?? {})) steps[stepId] = { ...steps[stepId], ...step };
  return {
    ...parent,
    ...child,
    basePath: child.basePath ?? parent.basePath,
    exit: child.exit ?? parent.exit,
    order: child.order ?? parent.order,
    texts: child.texts ?? parent.texts,
    rootSpinnerMs: child.rootSpinnerMs ?? parent.rootSpinnerMs,
    orders: child.orders ?? parent.orders,
    optionSets: { ...parent.optionSets, ...child.optionSets },
    storageKeys: { ...parent.storageKeys, ...child.storageKeys },
    unitSystems: { ...parent.unitSystems, ...child.unitSystems },
    imperialRegions: child.imperialRegions ?? parent.imperialRegions,
    steps,
  };
}

/** Locates paths across a child and its parents. */
export function chainLocator(sources: readonly FlowSource[]): IssueLocator {
  const owner = (path: FlowPath): FlowSource | undefined => sources.find((s) => s.has(path));
  return {
    at: (path, message) => locateInSources(sources, path, message),
    atKey: (path, message) => owner(path)?.diagnosticAtKey(path, message) ?? locateInSources(sources, path, message),
    has: (path) => owner(path) !== undefined,
  };
}
