import { relative, sep } from 'node:path';
import { compileFlowProject } from '../engine/compile-flow-project';
import type { CompiledFlow, CompiledStep } from '../engine/compiled-flow';
import { formatFlowDiagnostic } from '../engine/flow-error';
import { readFlowProject } from '../engine/read-flow-project';

export type StoryGender = 'female' | 'male';

/** One story of a flow file: a step, and for a step with gendered images one of the two genders. */
export interface FlowStoryEntry {
  readonly exportName: string;
  readonly name: string;
  readonly stepId: string;
  readonly gender: StoryGender | undefined;
  readonly tags: readonly string[];
}

export interface FlowStoryFile {
  readonly flowId: string;
  readonly title: string;
  readonly entries: readonly FlowStoryEntry[];
}

/**
 * The stories of one flows/*.yaml file, computed from the flow as the app's Vite plugin compiles it
 * (same reader, same compiler, same `FLOW_ORDER` override), so the index Storybook shows and the
 * data the stories render cannot disagree. Shared by the indexer (sidebar) and the Vite plugin (the
 * module Storybook imports for the file). Undefined for a YAML file that is not a flow (variants.yaml).
 * Throws the located `flows check` messages when the project does not compile.
 */
export function flowStoryFile(root: string, absoluteFile: string): FlowStoryFile | undefined {
  const order = nonEmpty(process.env.FLOW_ORDER);
  const result = compileFlowProject(readFlowProject(root), order === undefined ? {} : { order, orderSource: 'FLOW_ORDER' });
  if (result.diagnostics.length > 0) {
    throw new Error(`flow check failed:\n${result.diagnostics.map(formatFlowDiagnostic).join('\n')}`);
  }
  const file = relative(root, absoluteFile).split(sep).join('/');
  const check = result.checks.find((candidate) => candidate.file === file && candidate.compiled);
  if (check === undefined) return undefined;
  const flow = result.flows.get(check.flowId);
  if (flow === undefined) return undefined;
  return { flowId: flow.id, title: `Flows/${flow.id}`, entries: flowStoryEntries(flow) };
}

/** Step order is story order; a step with female and male images gets a story for each. */
export function flowStoryEntries(flow: CompiledFlow): FlowStoryEntry[] {
  const entries: FlowStoryEntry[] = [];
  const width = String(flow.steps.length).length;
  for (const step of flow.steps) {
    const position = String(step.index + 1).padStart(width, '0');
    const genders: readonly (StoryGender | undefined)[] = hasGenderedBackground(step) ? ['female', 'male'] : [undefined];
    for (const gender of genders) {
      entries.push({
        exportName: exportNameOf(step.id, gender),
        name: gender === undefined ? `${position} ${step.id}` : `${position} ${step.id} (${gender})`,
        stepId: step.id,
        gender,
        // Tags let the sidebar filter steps by screen kind.
        tags: ['flow-step', `screen-${step.screen}`],
      });
    }
  }
  const seen = new Set<string>();
  for (const { exportName } of entries) {
    // e.g. a step really named `chooseGoalFemale` next to the gendered stories of `chooseGoal`.
    if (seen.has(exportName)) throw new Error(`flow "${flow.id}": two stories would be named "${exportName}"; rename one step`);
    seen.add(exportName);
  }
  return entries;
}

function hasGenderedBackground(step: CompiledStep): boolean {
  return step.background !== undefined && 'female' in step.background;
}

function exportNameOf(stepId: string, gender: StoryGender | undefined): string {
  const name = gender === undefined ? stepId : `${stepId}${gender === 'female' ? 'Female' : 'Male'}`;
  // Step ids are camelCase identifiers, valid export names except the two a CSF module reserves.
  return name === 'default' || name === '__namedExportsOrder' ? `${name}Step` : name;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
