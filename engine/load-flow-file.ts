import type { Checked } from './flow-error.ts';
import { flowMigrations } from './flow-migrations.ts';
import type { FlowFile } from './flow-schema.ts';
import { FLOW_FILE_VERSION, flowFileSchema } from './flow-schema.ts';
import type { LoadedYamlFile, YamlMigration } from './load-yaml-file.ts';
import { loadYamlFile } from './load-yaml-file.ts';

/** A flow file that parsed and matched the schema, with its source for locating later errors. */
export type LoadedFlowFile = LoadedYamlFile<FlowFile>;

/**
 * Parses one flow file (YAML), migrates an older `version`, and validates it against `flowFileSchema`.
 * Errors are located: `flows/v1.yaml:42:7 steps.height.storage.key: unknown key "heigth" - did you mean "height"?`
 *
 * Pure: the caller reads the file (see read-flow-project.ts), so the CLI, the Vite plugin, tests and
 * the bench share this exact code path.
 *
 * @param file path shown in messages, relative to the project root
 * @param text the YAML text
 * @param migrations override for tests; defaults to the real registry
 */
export function loadFlowFile(file: string, text: string, migrations: readonly YamlMigration[] = flowMigrations): Checked<LoadedFlowFile> {
  return loadYamlFile(file, text, { schema: flowFileSchema, currentVersion: FLOW_FILE_VERSION, migrations });
}
