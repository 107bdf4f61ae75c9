import { join, relative, sep } from 'node:path';
import type { CompiledFlow, CompiledStep } from '../engine/compiled-flow';

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
 * The stories of one flows/*.yaml file, from the flow as the app's Vite plugin compiles it, so the
 * index Storybook shows and the data the stories render cannot disagree. Shared by the indexer
 * (sidebar) and the Vite plugin (the module Storybook imports for the file). Undefined for a YAML file
 * that is not a flow (variants.yaml). Rejects with the located `flows check` messages when the project
 * does not compile. The YAML is read afresh on every call, so a saved edit is in the next index.
 */
export async function flowStoryFile(root: string, absoluteFile: string): Promise<FlowStoryFile | undefined> {
  const { compileFlowsForStories } = await loadCompiler(root);
  const { flowIdByFile, flows } = compileFlowsForStories(root);
  const flowId = flowIdByFile.get(relative(root, absoluteFile).split(sep).join('/'));
  const flow = flowId === undefined ? undefined : flows.get(flowId);
  if (flow === undefined) return undefined;
  return { flowId: flow.id, title: `Flows/${flow.id}`, entries: flowStoryEntries(flow) };
}

/** Step order is story order; a step with female and male images or icons gets a story for each. */
export function flowStoryEntries(flow: CompiledFlow): FlowStoryEntry[] {
  const entries: FlowStoryEntry[] = [];
  const width = String(flow.steps.length).length;
  for (const step of flow.steps) {
    const position = String(step.index + 1).padStart(width, '0');
    const genders: readonly (StoryGender | undefined)[] = followsGender(step) ? ['female', 'male'] : [undefined];
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

type CompilerModule = typeof import('./compile-flows-for-stories');
let compiler: Promise<CompilerModule> | undefined;

/**
 * The engine is written for bundlers (extensionless imports). Storybook's loader for main.ts warns
 * about each such import, so the engine is loaded the way vite.config.ts loads it: through Vite.
 * Once per Storybook process (an engine change needs a restart, a YAML change does not).
 */
function loadCompiler(root: string): Promise<CompilerModule> {
  compiler ??= import('vite').then(async ({ runnerImport }) => {
    const { module } = await runnerImport<CompilerModule>(join(root, '.storybook', 'compile-flows-for-stories.ts'), {
      root,
      configFile: false,
      logLevel: 'silent',
    });
    return module;
  });
  return compiler;
}

/** The step looks different per stored gender: its background, or an option icon (body silhouettes). */
function followsGender(step: CompiledStep): boolean {
  return (step.background !== undefined && 'female' in step.background) || (step.options ?? []).some((option) => typeof option.icon === 'object');
}

function exportNameOf(stepId: string, gender: StoryGender | undefined): string {
  const name = gender === undefined ? stepId : `${stepId}${gender === 'female' ? 'Female' : 'Male'}`;
  // Step ids are camelCase identifiers, valid export names except the two a CSF module reserves.
  return name === 'default' || name === '__namedExportsOrder' ? `${name}Step` : name;
}
