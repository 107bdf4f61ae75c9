import type { YamlMigration } from './load-yaml-file.ts';

/**
 * Migrations of flow files and variants.yaml, oldest first. Version 1 is the first released format,
 * so there is nothing to migrate yet. When the format changes: bump `FLOW_FILE_VERSION` in
 * flow-schema.ts, change the schema, and add `{ from: 1, to: 2, description, migrate(document) }` here,
 * editing the YAML document in place (e.g. `document.setIn`, renaming a pair's key) so untouched nodes
 * keep their line and column. Old files then keep loading, and errors still point at their lines.
 */
export const flowMigrations: readonly YamlMigration[] = [];
