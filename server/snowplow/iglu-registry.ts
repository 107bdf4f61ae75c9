import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** `iglu:vendor/name/format/model-revision-addition` split into its parts. */
export interface IgluUri {
  readonly vendor: string;
  readonly name: string;
  readonly format: string;
  readonly version: string;
}

export interface IgluRegistry {
  /** The schema's JSON, as an Iglu server serves it, or undefined when the registry lacks it. */
  schema(uri: IgluUri): unknown;
  /**
   * Validates `data` against the schema `uri` names: the list of problems (empty when valid), or
   * undefined when the schema is unknown (Micro and Enrich treat that as a failed event too).
   */
  validate(uri: string, data: unknown): readonly string[] | undefined;
}

const IGLU_URI = /^iglu:([a-zA-Z0-9-_.]+)\/([a-zA-Z0-9-_]+)\/([a-zA-Z0-9-_]+)\/([0-9]+-[0-9]+-[0-9]+)$/;

export function parseIgluUri(uri: string): IgluUri | undefined {
  const match = IGLU_URI.exec(uri);
  if (!match) return undefined;
  const [, vendor = '', name = '', format = '', version = ''] = match;
  return { vendor, name, format, version };
}

/**
 * The schemas of a static Iglu repository (`<dir>/<vendor>/<name>/<format>/<version>`, the layout
 * `igluctl static push` and Iglu Central use), compiled once with Ajv, a maintained JSON Schema
 * validator. Iglu schemas carry a self-describing `$schema` and a `self` block that are not JSON
 * Schema keywords: `self` is declared as an annotation and the meta-schema reference dropped.
 */
export function createIgluRegistry(directory: string): IgluRegistry {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'self' });
  const schemas = new Map<string, unknown>();
  const validators = new Map<string, ValidateFunction>();
  for (const file of schemaFiles(directory)) {
    const key = relative(directory, file).split(sep).join('/');
    const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof json !== 'object' || json === null) throw new Error(`Iglu schema ${key} is not a JSON object`);
    const { $schema: _metaSchema, ...jsonSchema } = json as Record<string, unknown>;
    schemas.set(key, json);
    validators.set(key, ajv.compile(jsonSchema));
  }
  const keyOf = (uri: IgluUri) => `${uri.vendor}/${uri.name}/${uri.format}/${uri.version}`;
  return {
    schema: (uri) => schemas.get(keyOf(uri)),
    validate(uri, data) {
      const parsed = parseIgluUri(uri);
      const validator = parsed === undefined ? undefined : validators.get(keyOf(parsed));
      if (validator === undefined) return undefined;
      if (validator(data)) return [];
      return (validator.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
    },
  };
}

function schemaFiles(directory: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) files.push(...schemaFiles(path));
    else if (!entry.startsWith('.')) files.push(path);
  }
  return files;
}
