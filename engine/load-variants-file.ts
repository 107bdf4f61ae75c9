import type { Checked } from './flow-error.ts';
import { flowMigrations } from './flow-migrations.ts';
import type { VariantsFile } from './flow-schema.ts';
import { FLOW_FILE_VERSION, variantsFileSchema } from './flow-schema.ts';
import type { LoadedYamlFile } from './load-yaml-file.ts';
import { loadYamlFile } from './load-yaml-file.ts';

export type LoadedVariantsFile = LoadedYamlFile<VariantsFile>;

/** Parses and validates flows/variants.yaml with located errors (same loader as flow files). */
export function loadVariantsFile(file: string, text: string): Checked<LoadedVariantsFile> {
  return loadYamlFile(file, text, { schema: variantsFileSchema, currentVersion: FLOW_FILE_VERSION, migrations: flowMigrations });
}
