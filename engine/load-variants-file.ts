import type { Checked } from './flow-error';
import { flowMigrations } from './flow-migrations';
import type { VariantsFile } from './flow-schema';
import { FLOW_FILE_VERSION, variantsFileSchema } from './flow-schema';
import type { LoadedYamlFile } from './load-yaml-file';
import { loadYamlFile } from './load-yaml-file';

export type LoadedVariantsFile = LoadedYamlFile<VariantsFile>;

/** Parses and validates flows/variants.yaml with located errors (same loader as flow files). */
export function loadVariantsFile(file: string, text: string): Checked<LoadedVariantsFile> {
  return loadYamlFile(file, text, { schema: variantsFileSchema, currentVersion: FLOW_FILE_VERSION, migrations: flowMigrations });
}
