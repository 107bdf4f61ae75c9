import type { FlowDiagnostic } from './flow-error.ts';

/** One namespace file as read from disk: `public/locales/<lng>/<namespace>.json`. */
export interface TranslationFileInput {
  readonly namespace: string;
  /** Path shown in messages, relative to the project root. */
  readonly file: string;
  readonly text: string;
}

/**
 * The translations of one language, looked up the way i18next does with its defaults: `ns:a.b.c`
 * reads namespace `ns`, nested path `a` > `b` > `c` (or a flat key `a.b.c`); a plural key exists when
 * its `_one`/`_other` forms do.
 */
export class TranslationCatalog {
  readonly language: string;
  private readonly namespaces: ReadonlyMap<string, { readonly file: string; readonly data: unknown }>;

  constructor(language: string, namespaces: ReadonlyMap<string, { readonly file: string; readonly data: unknown }>) {
    this.language = language;
    this.namespaces = namespaces;
  }

  /** Parses namespace files; invalid JSON becomes a located diagnostic and the namespace is left out. */
  static parse(language: string, files: readonly TranslationFileInput[]): { catalog: TranslationCatalog; diagnostics: FlowDiagnostic[] } {
    const namespaces = new Map<string, { file: string; data: unknown }>();
    const diagnostics: FlowDiagnostic[] = [];
    for (const input of files) {
      try {
        const data: unknown = JSON.parse(input.text);
        namespaces.set(input.namespace, { file: input.file, data });
      } catch (error) {
        diagnostics.push(jsonErrorDiagnostic(input, error));
      }
    }
    return { catalog: new TranslationCatalog(language, namespaces), diagnostics };
  }

  /** The text of `key` (`namespace:path`), or undefined when the namespace file lacks it. */
  lookup(key: string): string | undefined {
    const split = key.indexOf(':');
    if (split < 0) return undefined;
    const namespace = this.namespaces.get(key.slice(0, split));
    if (namespace === undefined) return undefined;
    const path = key.slice(split + 1);
    const direct = readPath(namespace.data, path);
    if (typeof direct === 'string') return direct;
    for (const suffix of ['_other', '_one']) {
      const plural = readPath(namespace.data, path + suffix);
      if (typeof plural === 'string') return plural;
    }
    return undefined;
  }

  has(key: string): boolean {
    return this.lookup(key) !== undefined;
  }

  /** Whether a namespace file of this name exists (`sleep` for public/locales/en/sleep.json). */
  hasNamespace(name: string): boolean {
    return this.namespaces.has(name);
  }

  /** The names of the texts directly under `key` (`common:units` -> cm, kg, ...), for suggestions. */
  namesUnder(key: string): string[] {
    const split = key.indexOf(':');
    const namespace = this.namespaces.get(key.slice(0, split));
    const node = namespace === undefined ? undefined : readPath(namespace.data, key.slice(split + 1));
    return isRecord(node) ? Object.keys(node).filter((name) => typeof node[name] === 'string') : [];
  }

  /** The file a key would live in, for messages: `public/locales/en/onboarding.json`. */
  fileFor(key: string): string {
    const namespace = key.split(':')[0] ?? key;
    return this.namespaces.get(namespace)?.file ?? `public/locales/${this.language}/${namespace}.json`;
  }
}

function readPath(data: unknown, path: string): unknown {
  if (isRecord(data) && path in data) return data[path];
  let current = data;
  for (const segment of path.split('.')) {
    if (!isRecord(current)) return undefined;
    current = current[segment];
  }
  return current;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonErrorDiagnostic(input: TranslationFileInput, error: unknown): FlowDiagnostic {
  const message = error instanceof Error ? error.message : String(error);
  // Node reports "... at position 42" (and newer versions "(line 3 column 5)"); turn it into line:column.
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  const position = /position (\d+)/.exec(message);
  let line = 1;
  let column = 1;
  if (lineColumn?.[1] !== undefined && lineColumn[2] !== undefined) {
    line = Number(lineColumn[1]);
    column = Number(lineColumn[2]);
  } else if (position?.[1] !== undefined) {
    const before = input.text.slice(0, Number(position[1]));
    const lines = before.split('\n');
    line = lines.length;
    column = (lines[lines.length - 1]?.length ?? 0) + 1;
  }
  return { file: input.file, line, column, path: '', message: `invalid JSON: ${message}` };
}
