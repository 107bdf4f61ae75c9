import type { Document } from 'yaml';
import type { z } from 'zod';
import type { Checked, FlowDiagnostic } from './flow-error.ts';
import { FlowSource } from './flow-source.ts';
import type { IssueLocator } from './locate-schema-issues.ts';
import { locateSchemaIssues } from './locate-schema-issues.ts';

/**
 * Upgrades a document from one format version to the next. Migrations edit the YAML document in place
 * (rename keys, move nodes), so nodes they keep still carry their source positions and later errors
 * point at the line the author wrote.
 */
export interface YamlMigration {
  readonly from: number;
  readonly to: number;
  /** One line for the changelog and the "migrated" notice. */
  readonly description: string;
  migrate(document: Document): void;
}

export interface LoadYamlOptions<T> {
  readonly schema: z.ZodType<T>;
  readonly currentVersion: number;
  readonly migrations: readonly YamlMigration[];
}

/** A YAML file that passed its schema, with its source kept for locating later errors. */
export interface LoadedYamlFile<T> {
  readonly file: string;
  readonly data: T;
  readonly source: FlowSource;
  /** The version the file was written in, when it was older than the current one and got migrated. */
  readonly migratedFrom?: number;
}

/**
 * Parses, migrates and validates one versioned YAML file. Every problem comes back as a diagnostic
 * located in `file` (syntax errors, unknown version, every schema issue).
 *
 * @param file the path shown in messages, relative to the project root (e.g. `flows/v1.yaml`)
 * @param text the file's contents
 */
export function loadYamlFile<T>(file: string, text: string, options: LoadYamlOptions<T>): Checked<LoadedYamlFile<T>> {
  const { source, diagnostics } = FlowSource.parse(file, text);
  if (diagnostics.length > 0) return { ok: false, diagnostics };

  const migrated = migrate(source, options);
  if (!migrated.ok) return migrated;

  const data = source.toData();
  const result = options.schema.safeParse(data);
  if (!result.success) {
    return { ok: false, diagnostics: locateSchemaIssues(result.error.issues, options.schema, data, locatorFor(source)) };
  }
  const loaded: LoadedYamlFile<T> = { file, data: result.data, source };
  return { ok: true, value: migrated.value === undefined ? loaded : { ...loaded, migratedFrom: migrated.value } };
}

/** An issue locator over one file. */
export function locatorFor(source: FlowSource): IssueLocator {
  return {
    at: (path, message) => source.diagnosticAt(path, message),
    atKey: (path, message) => source.diagnosticAtKey(path, message),
    has: (path) => source.has(path),
  };
}

/** Runs the migrations from the file's version up to the current one; returns the original version if any ran. */
function migrate<T>(source: FlowSource, options: LoadYamlOptions<T>): Checked<number | undefined> {
  const fail = (message: string): Checked<number | undefined> => ({
    ok: false,
    diagnostics: [source.has(['version']) ? source.diagnosticAt(['version'], message) : source.diagnosticAt([], message)],
  });
  const raw: unknown = source.document.get('version');
  if (raw === undefined) {
    const diagnostic: FlowDiagnostic = source.diagnosticAt([], `missing required key "version" (the current format is version ${options.currentVersion})`);
    return { ok: false, diagnostics: [{ ...diagnostic, path: 'version' }] };
  }
  if (typeof raw !== 'number' || !Number.isInteger(raw)) return fail(`must be a whole number, found ${JSON.stringify(raw)}`);
  if (raw > options.currentVersion) {
    return fail(`version ${raw} is newer than this engine understands (current ${options.currentVersion}) - update the engine`);
  }
  let version = raw;
  while (version < options.currentVersion) {
    const step = options.migrations.find((m) => m.from === version);
    if (step === undefined) {
      return fail(`version ${raw} cannot be migrated: no migration from version ${version} (current ${options.currentVersion})`);
    }
    step.migrate(source.document);
    version = step.to;
    source.document.set('version', version);
  }
  return { ok: true, value: raw === options.currentVersion ? undefined : raw };
}
