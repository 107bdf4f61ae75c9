import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import type { FlowProjectInput, TextFileInput } from './compile-flow-project.ts';
import type { TranslationFileInput } from './translation-catalog.ts';

/** The project layout the flow compiler reads, relative to a root. */
export const flowProjectLayout = {
  flowsDir: 'flows',
  /** Example funnels (a subfolder of the flows directory): served by development builds, left out of production ones. */
  examplesDir: 'examples',
  variantsFile: 'flows/variants.yaml',
  experimentsDir: 'experiments',
  publicDir: 'public',
  englishLocaleDir: 'public/locales/en',
} as const;

export interface FlowProjectFiles extends FlowProjectInput {
  /** Absolute paths of every file read, for the Vite plugin's watcher. */
  readonly watchFiles: readonly string[];
}

/**
 * The environment variable naming another directory to read the flow YAML files from (instead of
 * `<root>/flows`), for a build or a check of a flow set that is not checked in, e.g. the test that adds
 * a throwaway variant. Translations and images still come from `<root>/public`.
 */
export const flowsDirVariable = 'FLOWS_DIR';

/** The flows directory `FLOWS_DIR` names (relative to `root` unless absolute), or undefined when unset. */
export function flowsDirFromEnvironment(root: string, env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const value = env[flowsDirVariable]?.trim();
  return value === undefined || value === '' ? undefined : resolve(root, value);
}

/**
 * Reads flows/*.yaml, flows/examples/*.yaml, flows/variants.yaml, experiments/*.yaml and public/locales/en/*.json under `root` (the only engine
 * module doing I/O; build-time only). Paths in the result are relative to `root` with forward slashes,
 * so messages read `flows/v1.yaml:42:7` (a `flowsDir` outside the root is named by its absolute path).
 *
 * @param flowsDir where the flow YAML files and variants.yaml are; `<root>/flows` by default
 * @param options.examples whether the example funnels in `<flowsDir>/examples/*.yaml` are read too (yes by
 *   default; a production build says no: docs/flows.md "Write a new funnel from scratch")
 */
export function readFlowProject(root: string, flowsDir: string = join(root, flowProjectLayout.flowsDir), options: { readonly examples?: boolean } = {}): FlowProjectFiles {
  const watchFiles: string[] = [];
  const read = (absolute: string): TextFileInput => {
    watchFiles.push(absolute);
    return { file: displayPath(root, absolute), text: readFileSync(absolute, 'utf8') };
  };

  const flowNames = listFiles(flowsDir, /\.ya?ml$/);
  const variantsName = flowProjectLayout.variantsFile.slice(flowProjectLayout.flowsDir.length + 1);
  const examplesDir = join(flowsDir, flowProjectLayout.examplesDir);
  const exampleFiles = options.examples === false ? [] : listFiles(examplesDir, /\.ya?ml$/).map((name) => read(join(examplesDir, name)));
  const flowFiles = [...flowNames.filter((name) => name !== variantsName).map((name) => read(join(flowsDir, name))), ...exampleFiles];
  const variantsFile = flowNames.includes(variantsName) ? read(join(flowsDir, variantsName)) : undefined;
  const experimentsDir = join(root, flowProjectLayout.experimentsDir);
  const experimentFiles = listFiles(experimentsDir, /\.ya?ml$/).map((name) => read(join(experimentsDir, name)));
  const englishDir = join(root, flowProjectLayout.englishLocaleDir);
  const translationFiles = listFiles(englishDir, /\.json$/).map((name): TranslationFileInput => ({
    namespace: name.replace(/\.json$/, ''),
    ...read(join(englishDir, name)),
  }));

  const publicRoot = join(root, flowProjectLayout.publicDir);
  const publicFileExists = (urlPath: string): boolean => {
    const absolute = normalize(join(publicRoot, urlPath));
    // A path like /../package.json must not count as a public file.
    if (relative(publicRoot, absolute).startsWith('..')) return false;
    return existsSync(absolute) && statSync(absolute).isFile();
  };

  return { flowFiles, ...(variantsFile === undefined ? {} : { variantsFile }), experimentFiles, translationFiles, publicFileExists, watchFiles };
}

/** `flows/v1.yaml` for a file under the root, the absolute path for one elsewhere. */
function displayPath(root: string, absolute: string): string {
  const inRoot = relative(root, absolute);
  const shown = inRoot.startsWith('..') || isAbsolute(inRoot) ? absolute : inRoot;
  return shown.split(sep).join('/');
}

function listFiles(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => pattern.test(name))
    .sort();
}
