import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** A locale file as read: nested objects of texts. */
export type Texts = Readonly<Record<string, unknown>>;
const isTexts = (value: unknown): value is Texts => typeof value === 'object' && value !== null && !Array.isArray(value);

/** public/locales/<language>/<namespace>.json. */
export function textsOf(language: string, namespace: string): Texts {
  const data: unknown = JSON.parse(readFileSync(join(root, 'public/locales', language, `${namespace}.json`), 'utf8'));
  if (!isTexts(data)) throw new Error(`${language}/${namespace}.json is not an object`);
  return data;
}

/** The text at `a.b.c` of a locale file, its {{placeholders}} (with or without a formatter) filled in. */
export function text(texts: Texts, path: string, values: Readonly<Record<string, string>> = {}): string {
  let node: unknown = texts;
  for (const part of path.split('.')) node = isTexts(node) ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${path}`);
  return node.replace(/\{\{(\w+)(?:, *\w+)?\}\}/g, (_, name: string) => values[name] ?? '');
}
