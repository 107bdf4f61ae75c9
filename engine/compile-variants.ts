import type { CompiledVariantsWithProfile } from './compiled-flow.ts';
import type { Checked, FlowDiagnostic } from './flow-error.ts';
import type { LoadedVariantsFile } from './load-variants-file.ts';
import { didYouMean } from './suggest-name.ts';
import type { ProfileSources } from './profile-from-answers.ts';

/**
 * Compiles flows/variants.yaml: every variant maps to an existing flow, the default variant is one of
 * the variants, and the allocation gives a weight to exactly the variants (no more, no fewer, not all
 * zero). Adds each mapped flow's base path so a redirect needs no flow data, and the profile mapping
 * of the default variant's flow (its `storageKeys`' `profile` columns): the sign-up writes one profile
 * row whichever variant the visitor saw, so every variant's flow must map the columns the same way.
 *
 * @param flows the compiled (or at least resolved) flows by id
 * @param broken ids of flows that exist but have errors of their own (not reported again here)
 */
export function compileVariants(
  loaded: LoadedVariantsFile,
  flows: ReadonlyMap<string, { readonly basePath: string; readonly profile?: ProfileSources }>,
  broken: ReadonlySet<string> = new Set(),
): Checked<CompiledVariantsWithProfile> {
  const { data, source } = loaded;
  const diagnostics: FlowDiagnostic[] = [];
  const variantNames = Object.keys(data.variants);
  const basePaths: Record<string, string> = {};
  let blocked = false;

  for (const [variant, flowId] of Object.entries(data.variants)) {
    const flow = flows.get(flowId);
    if (flow === undefined && broken.has(flowId)) {
      // That flow's own errors are reported; the variants cannot compile, but say nothing more.
      blocked = true;
    } else if (flow === undefined) {
      const hint = didYouMean(flowId, flows.keys()) || ` (flows: ${[...flows.keys(), ...broken].sort().join(', ')})`;
      diagnostics.push(source.diagnosticAt(['variants', variant], `unknown flow "${flowId}"${hint}`));
    } else {
      basePaths[flowId] = flow.basePath;
    }
  }
  if (data.variants[data.defaultVariant] === undefined) {
    diagnostics.push(
      source.diagnosticAt(['defaultVariant'], `unknown variant "${data.defaultVariant}"${didYouMean(data.defaultVariant, variantNames)} (variants: ${variantNames.join(', ')})`),
    );
  }
  for (const variant of Object.keys(data.allocation)) {
    if (data.variants[variant] === undefined) {
      diagnostics.push(source.diagnosticAtKey(['allocation', variant], `unknown variant "${variant}"${didYouMean(variant, variantNames)}`));
    }
  }
  for (const variant of variantNames) {
    if (data.allocation[variant] === undefined) {
      diagnostics.push(source.diagnosticAt(['allocation', variant], `missing allocation for variant "${variant}"`));
    }
  }
  if (Object.values(data.allocation).every((weight) => weight === 0)) {
    diagnostics.push(source.diagnosticAt(['allocation'], 'at least one variant needs a weight above 0'));
  }
  const defaultFlowId = data.variants[data.defaultVariant];
  const profile = (defaultFlowId === undefined ? undefined : flows.get(defaultFlowId)?.profile) ?? {};
  // Without a known default variant there is nothing to compare with (that error is reported above).
  for (const [variant, flowId] of defaultFlowId === undefined ? [] : Object.entries(data.variants)) {
    const flow = flows.get(flowId);
    const other = flow?.profile ?? {};
    if (flow !== undefined && describeProfile(other) !== describeProfile(profile)) {
      diagnostics.push(
        source.diagnosticAt(
          ['variants', variant],
          `flow "${flowId}" fills the profile from other keys (${describeProfile(other)}) than the default variant's flow "${defaultFlowId}" (${describeProfile(profile)}): declare the same "profile" columns in its storageKeys`,
        ),
      );
    }
  }
  if (diagnostics.length > 0 || blocked) return { ok: false, diagnostics };
  return {
    ok: true,
    value: { flag: data.flag, defaultVariant: data.defaultVariant, variants: data.variants, basePaths, allocation: data.allocation, profile },
  };
}

function describeProfile(profile: ProfileSources): string {
  const pairs = Object.entries(profile).sort(([a], [b]) => a.localeCompare(b));
  return pairs.length === 0 ? 'none' : pairs.map(([column, key]) => `${column} <- ${key}`).join(', ');
}
