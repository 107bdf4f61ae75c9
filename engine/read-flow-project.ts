import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, relative, sep } from 'node:path';
import type { FlowProjectInput, TextFileInput } from './compile-flow-project.ts';
import type { TranslationFileInput } from './translation-catalog.ts';

/** The project layout the flow compiler reads, relative to a root. */
export const flowProjectLayout = {
  flowsDir: 'flows',
  variantsFile: 'flows/variants.yaml',
  publicDir: 'public',
  englishLocaleDir: 'public/locales/en',
} as const;

export interface FlowProjectFiles extends FlowProjectInput {
  /** Absolute paths of every file read, for the Vite plugin's watcher. */
  readonly watchFiles: readonly string[];
}

/**
 * Reads flows/*.yaml, flows/variants.yaml and public/locales/en/*.json under `root` (the only engine
 * module doing I/O; build-time only). Paths in the result are relative to `root` with forward slashes,
 * so messages read `flows/v1.yaml:42:7`.
 */
export function readFlowProject(root: string): FlowProjectFiles {
  const watchFiles: string[] = [];
  const read = (relativePath: string): TextFileInput => {
    const absolute = join(root, relativePath);
    watchFiles.push(absolute);
    return { file: relativePath.split(sep).join('/'), text: readFileSync(absolute, 'utf8') };
  };

  const flowNames = listFiles(join(root, flowProjectLayout.flowsDir), /\.ya?ml$/);
  const variantsName = flowProjectLayout.variantsFile.slice(flowProjectLayout.flowsDir.length + 1);
  const flowFiles = flowNames.filter((name) => name !== variantsName).map((name) => read(`${flowProjectLayout.flowsDir}/${name}`));
  const variantsFile = flowNames.includes(variantsName) ? read(flowProjectLayout.variantsFile) : undefined;
  const translationFiles = listFiles(join(root, flowProjectLayout.englishLocaleDir), /\.json$/).map((name): TranslationFileInput => ({
    namespace: name.replace(/\.json$/, ''),
    ...read(`${flowProjectLayout.englishLocaleDir}/${name}`),
  }));

  const publicRoot = join(root, flowProjectLayout.publicDir);
  const publicFileExists = (urlPath: string): boolean => {
    const absolute = normalize(join(publicRoot, urlPath));
    // A path like /../package.json must not count as a public file.
    if (relative(publicRoot, absolute).startsWith('..')) return false;
    return existsSync(absolute) && statSync(absolute).isFile();
  };

  return { flowFiles, ...(variantsFile === undefined ? {} : { variantsFile }), translationFiles, publicFileExists, watchFiles };
}

function listFiles(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => pattern.test(name))
    .sort();
}
