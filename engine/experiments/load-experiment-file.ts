import type { Checked } from '../flow-error.ts';
import type { LoadedYamlFile } from '../load-yaml-file.ts';
import { loadYamlFile } from '../load-yaml-file.ts';
import type { ExperimentFile } from './experiment-file-schema.ts';
import { EXPERIMENT_FILE_VERSION, experimentFileSchema } from './experiment-file-schema.ts';

export type LoadedExperimentFile = LoadedYamlFile<ExperimentFile>;

/** Parses and validates one experiments/<id>.yaml with located errors (the flow files' loader; no migrations yet). */
export function loadExperimentFile(file: string, text: string): Checked<LoadedExperimentFile> {
  return loadYamlFile(file, text, { schema: experimentFileSchema, currentVersion: EXPERIMENT_FILE_VERSION, migrations: [] });
}
