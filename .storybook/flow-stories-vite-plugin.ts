import { isAbsolute, join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';
import { flowStoryFile } from './flow-story-entries.js';

/**
 * Turns `import('/…/flows/<file>.yaml')` (what Storybook's importer does for a story indexed by
 * `flowStoriesIndexer`) into a CSF module: the default export is the flow's meta and each step is a
 * named export. The step data itself is not inlined: the module imports `virtual:flow/<id>`, the very
 * module the app gets from engine/vite-plugin-flows.ts, so an edit to a step's content in YAML shows up
 * in the story through the same plugin and the same reload as in the app.
 *
 * Only Storybook's Vite config has this plugin; the app never imports YAML files.
 */
export function flowStoriesVitePlugin(root: string): Plugin {
  const storyHelpers = join(root, 'stories', 'flows', 'flow-step-story.tsx');
  const flowsDir = join(root, 'flows');
  return {
    name: 'storybook-flow-stories',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (!/\.ya?ml$/.test(file) || !isInside(flowsDir, file)) return undefined;
      const storyFile = await flowStoryFile(root, file);
      // variants.yaml: indexed with no stories, so nothing imports it; an empty CSF module keeps it harmless.
      if (storyFile === undefined) return { code: 'export default {};\n', moduleType: 'js' };
      const lines = [
        `import flow from ${JSON.stringify(`virtual:flow/${storyFile.flowId}`)};`,
        `import { flowStepsMeta, flowStepStory } from ${JSON.stringify(storyHelpers)};`,
        `export default flowStepsMeta(flow, ${JSON.stringify(storyFile.title)});`,
        ...storyFile.entries.map(
          (entry, index) => `const story${index} = flowStepStory(flow, ${JSON.stringify(entry.stepId)}, ${JSON.stringify(entry.gender ?? null)});`,
        ),
        `export { ${storyFile.entries.map((entry, index) => `story${index} as ${entry.exportName}`).join(', ')} };`,
        `export const __namedExportsOrder = ${JSON.stringify(storyFile.entries.map((entry) => entry.exportName))};`,
      ];
      // Rolldown picks a parser by extension; `.yaml` has none, so say that this is JavaScript.
      return { code: `${lines.join('\n')}\n`, moduleType: 'js' };
    },
  };
}

/** A file directly in `dir` or in its examples/ folder (flows/*.yaml, flows/examples/*.yaml). */
function isInside(dir: string, file: string): boolean {
  const rel = relative(dir, file);
  const name = rel.startsWith(`examples${sep}`) ? rel.slice(`examples${sep}`.length) : rel;
  return name !== '' && !rel.startsWith('..') && !isAbsolute(rel) && !name.includes(sep);
}
