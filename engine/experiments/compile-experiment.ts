import type { CompiledVariants } from '../compiled-flow.ts';
import type { Checked, FlowDiagnostic } from '../flow-error.ts';
import { didYouMean } from '../suggest-name.ts';
import type { ExperimentPlan } from './experiment-plan.ts';
import { experimentPlanSchema } from './experiment-plan.ts';
import type { LoadedExperimentFile } from './load-experiment-file.ts';

/** One experiment as the report, the plan command and the exposure event read it. */
export interface CompiledExperiment {
  /** The file's name without `.yaml`: experiments/cc-feedback-redesign.yaml is `cc-feedback-redesign`. */
  readonly id: string;
  readonly file: string;
  readonly flag: string;
  /** ISO date or date-time, as written. */
  readonly start: string;
  /** The compared variants -> their flow (flows/variants.yaml) and what they change (this file). */
  readonly variants: Readonly<Record<string, { readonly flow: string; readonly changes: string }>>;
  readonly paidWithinDays: number;
  readonly reportingCurrency: string;
  /** The statistics' plan; its allocation is the flag's (variants with a weight above 0). */
  readonly plan: ExperimentPlan;
}

/** `experiments/cc-feedback-redesign.yaml` -> `cc-feedback-redesign`. */
export function experimentIdOf(file: string): string {
  return (file.split('/').pop() ?? file).replace(/\.ya?ml$/, '');
}

/**
 * Checks an experiment file against the flag it names (flows/variants.yaml, compiled) and builds its
 * plan: the flag exists, every described variant is the flag's, at least two of them get visitors, the
 * control is one of those, and the plan is valid. Every problem is located in the experiment file.
 */
export function compileExperiment(loaded: LoadedExperimentFile, variants: CompiledVariants | undefined): Checked<CompiledExperiment> {
  const { data, source, file } = loaded;
  if (variants === undefined) {
    return { ok: false, diagnostics: [source.diagnosticAt(['flag'], `flag "${data.flag}" needs flows/variants.yaml, which is missing or has errors`)] };
  }
  if (data.flag !== variants.flag) {
    return { ok: false, diagnostics: [source.diagnosticAt(['flag'], `unknown flag "${data.flag}"${didYouMean(data.flag, [variants.flag])} (flows/variants.yaml: ${variants.flag})`)] };
  }
  const diagnostics: FlowDiagnostic[] = [];
  const flagVariants = Object.keys(variants.variants);
  // A misspelt variant is most likely one the file does not describe yet.
  const undescribed = flagVariants.filter((variant) => data.variants[variant] === undefined);
  for (const variant of Object.keys(data.variants)) {
    if (variants.variants[variant] === undefined) {
      diagnostics.push(source.diagnosticAtKey(['variants', variant], `unknown variant "${variant}"${didYouMean(variant, undescribed)} (flag ${data.flag}: ${flagVariants.join(', ')})`));
    }
  }
  // The experiment compares the variants it describes; a flag variant it leaves out (one added to the flag
  // later, say) gets its visitors as before and is not counted: the described variants' weights relative
  // to each other are still the allocation the statistics need.
  const allocation = flagVariants
    .filter((variant) => data.variants[variant] !== undefined)
    .map((variant) => ({ variant, weight: variants.allocation[variant] ?? 0 }))
    .filter((entry) => entry.weight > 0);
  if (allocation.length < 2) {
    diagnostics.push(source.diagnosticAt(['variants'], `an experiment compares at least two variants that get visitors (flows/variants.yaml allocation); this one has ${allocation.map((entry) => entry.variant).join(', ') || 'none'}`));
  } else if (!allocation.some((entry) => entry.variant === data.control)) {
    const hint = didYouMean(data.control, flagVariants) || ` (compared variants: ${allocation.map((entry) => entry.variant).join(', ')})`;
    diagnostics.push(source.diagnosticAt(['control'], `"${data.control}" is not a compared variant that gets visitors${hint}`));
  }
  if (diagnostics.length > 0) return { ok: false, diagnostics };

  const parsed = experimentPlanSchema.safeParse({
    allocation,
    control: data.control,
    primaryMetric: data.primaryMetric,
    baseline: data.baseline,
    minimumDetectableEffect: data.minimumDetectableEffect,
    alpha: data.alpha,
    power: data.power,
    guardrails: data.guardrails,
  });
  if (!parsed.success) {
    // The file's fields carry the plan's names, so the plan's issue paths are the file's.
    return { ok: false, diagnostics: parsed.error.issues.map((issue) => source.diagnosticAt(issue.path.filter((key): key is string | number => typeof key !== 'symbol'), issue.message)) };
  }
  return {
    ok: true,
    value: {
      id: experimentIdOf(file),
      file,
      flag: data.flag,
      start: data.start,
      variants: Object.fromEntries(allocation.map(({ variant }) => [variant, { flow: variants.variants[variant] ?? '', changes: data.variants[variant]?.changes ?? '' }])),
      paidWithinDays: data.paidWithinDays,
      reportingCurrency: data.reportingCurrency,
      plan: parsed.data,
    },
  };
}
