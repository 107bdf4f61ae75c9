import type { Indexer } from 'storybook/internal/types';
import { flowStoryFile } from './flow-story-entries.js';

/**
 * Indexes flows/*.yaml and flows/examples/*.yaml as story files: one story per compiled step (two for a step with female and
 * male images). Storybook cannot statically read a list of stories out of data, so the index is made
 * here from the compiled flow and the module behind it by `flowStoriesVitePlugin`; both come from
 * `flowStoryFile`. A step added to the YAML is a story on the next index (dev: on save).
 */
export function flowStoriesIndexer(root: string): Indexer {
  return {
    test: /[\\/]flows[\\/](examples[\\/])?[^\\/]+\.ya?ml$/,
    createIndex: async (fileName) => {
      const file = await flowStoryFile(root, fileName);
      if (file === undefined) return [];
      return file.entries.map((entry) => ({
        type: 'story' as const,
        importPath: fileName,
        exportName: entry.exportName,
        name: entry.name,
        title: file.title,
        tags: [...entry.tags],
      }));
    },
  };
}
