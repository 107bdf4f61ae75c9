import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';

export type TranslationProblemKind =
  | 'invalid-json'
  | 'missing-namespace'
  | 'extra-namespace'
  | 'missing-key'
  | 'extra-key'
  | 'unused-plural-form'
  | 'empty-value'
  | 'not-a-string'
  | 'interpolation-mismatch';

/** One defect in `public/locales/<lng>/<namespace>.json`. */
export interface TranslationProblem {
  readonly kind: TranslationProblemKind;
  readonly language: string;
  readonly namespace: string;
  /** The file, relative to the working directory when it lies below it (as the CLI prints it). */
  readonly file: string;
  /** The flat i18next key (`buttons.continue`, `company.subscribers_few`) when the problem is about one key. */
  readonly key?: string;
  /** `public/locales/de/common.json: missing key "buttons.continue"` */
  readonly message: string;
}

export interface VerifyTranslationsOptions {
  /**
   * The language the others are translated from: interpolation variables are compared with it, and a
   * key only it has is reported as missing elsewhere (not as its own extra key). Default `en`.
   */
  readonly referenceLanguage?: string;
}

/**
 * Checks every `<lng>/<namespace>.json` below `localesDir` against the union of all languages:
 * invalid JSON, namespace files or keys that are missing or that only one language has, empty values,
 * plural forms that do not match the language's CLDR categories, and interpolation variables that
 * differ from the reference language. Returns the problems sorted by file and key; empty when all is well.
 *
 * Plurals follow i18next's JSON v4 format: `key_one`, `key_other`, ... A language needs exactly the
 * forms `Intl.PluralRules(lng)` lists (`_zero` is also allowed anywhere because i18next uses it for a
 * count of 0); where a language only has `other`, a plain `key` serves as well.
 */
export function verifyTranslations(localesDir: string, options: VerifyTranslationsOptions = {}): TranslationProblem[] {
  const referenceLanguage = options.referenceLanguage ?? 'en';
  const languages = listLanguages(localesDir);
  const problems: TranslationProblem[] = [];
  const report = (kind: TranslationProblemKind, language: string, namespace: string, text: string, key?: string): void => {
    const file = displayPath(join(localesDir, language, `${namespace}.json`));
    problems.push({ kind, language, namespace, file, ...(key === undefined ? {} : { key }), message: `${file}: ${text}` });
  };

  // namespace -> language -> flat entries; a file with invalid JSON counts as present but has no entries.
  const namespaces = new Map<string, Map<string, FlatEntries | undefined>>();
  for (const language of languages) {
    for (const namespace of listNamespaces(join(localesDir, language))) {
      const path = join(localesDir, language, `${namespace}.json`);
      let entries: FlatEntries | undefined;
      try {
        const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
        if (!isRecord(data)) throw new Error('the top level must be an object of keys');
        entries = flatten(data);
      } catch (error) {
        report('invalid-json', language, namespace, `invalid JSON (${error instanceof Error ? error.message : String(error)})`);
      }
      let byLanguage = namespaces.get(namespace);
      if (byLanguage === undefined) namespaces.set(namespace, (byLanguage = new Map<string, FlatEntries | undefined>()));
      byLanguage.set(language, entries);
    }
  }

  for (const [namespace, byLanguage] of namespaces) {
    const holders = [...byLanguage.keys()];
    const soleNonReference = holders.length === 1 && languages.length > 1 && holders[0] !== referenceLanguage;
    for (const language of languages) {
      if (byLanguage.has(language)) {
        if (soleNonReference) report('extra-namespace', language, namespace, 'namespace file exists in no other language');
      } else if (!soleNonReference) {
        report('missing-namespace', language, namespace, `namespace file missing (${holders.join(', ')} ${holders.length === 1 ? 'has' : 'have'} it)`);
      }
    }
    if (soleNonReference) continue;
    verifyNamespace(namespace, byLanguage, referenceLanguage, report);
  }

  return problems.sort((a, b) => compare(a.file, b.file) || compare(a.key ?? '', b.key ?? '') || compare(a.message, b.message));
}

type Report = (kind: TranslationProblemKind, language: string, namespace: string, text: string, key?: string) => void;

/** Flat key -> leaf value (strings, or whatever else a translator put there, reported later). */
type FlatEntries = ReadonlyMap<string, unknown>;

const pluralCategories = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type PluralCategory = (typeof pluralCategories)[number];
type PluralType = 'cardinal' | 'ordinal';

/** The entries of one language for one logical key: a plain value and/or plural forms. */
interface KeyEntries {
  plain?: unknown;
  readonly forms: Map<PluralCategory, unknown>;
}

/** `company.subscribers` (cardinal) and `place_ordinal` (ordinal) are different logical keys. */
interface LogicalKey {
  readonly base: string;
  readonly type: PluralType;
}

function verifyNamespace(
  namespace: string,
  byLanguage: ReadonlyMap<string, FlatEntries | undefined>,
  referenceLanguage: string,
  report: Report,
): void {
  const parsed = new Map<string, FlatEntries>();
  for (const [language, entries] of byLanguage) if (entries !== undefined) parsed.set(language, entries);

  // A key ending in _one, _few, ... is a plural form only when some language has the `_other` form of
  // the same base: `step_one` alone is an ordinary key.
  const families = new Set<string>();
  for (const entries of parsed.values()) {
    for (const key of entries.keys()) {
      const form = splitPluralForm(key);
      if (form !== undefined && form.category === 'other') families.add(familyId(form));
    }
  }

  // language -> logical key id -> entries
  const grouped = new Map<string, Map<string, KeyEntries>>();
  const logicalKeys = new Map<string, LogicalKey>();
  for (const [language, entries] of parsed) {
    const keys = new Map<string, KeyEntries>();
    grouped.set(language, keys);
    for (const [key, value] of entries) {
      const form = splitPluralForm(key);
      const isForm = form !== undefined && families.has(familyId(form));
      const logical: LogicalKey = isForm ? { base: form.base, type: form.type } : { base: key, type: 'cardinal' };
      const id = familyId(logical);
      logicalKeys.set(id, logical);
      let slot = keys.get(id);
      if (slot === undefined) keys.set(id, (slot = { forms: new Map() }));
      if (isForm) slot.forms.set(form.category, value);
      else slot.plain = value;
    }
  }

  const reference = grouped.get(referenceLanguage);
  for (const [id, logical] of logicalKeys) {
    const holders = [...grouped].filter(([, keys]) => keys.has(id)).map(([language]) => language);
    const sole = holders.length === 1 && parsed.size > 1 ? holders[0] : undefined;
    const referenceEntries = reference?.get(id);
    // Plural when the reference translates it with forms, or (a key the reference lacks) when any language does.
    const plural =
      referenceEntries !== undefined
        ? referenceEntries.forms.size > 0
        : [...grouped.values()].some((keys) => (keys.get(id)?.forms.size ?? 0) > 0);

    for (const [language, keys] of grouped) {
      const entries = keys.get(id);
      const required = requiredCategories(language, logical.type);
      const formKey = (category: PluralCategory): string => pluralKey(logical, category);

      if (sole !== undefined && sole !== referenceLanguage) {
        if (language === sole) report('extra-key', language, namespace, `key "${logical.base}" exists in no other language`, logical.base);
        continue;
      }

      if (entries === undefined) {
        if (plural) for (const category of required) report('missing-key', language, namespace, `missing key "${formKey(category)}"`, formKey(category));
        else report('missing-key', language, namespace, `missing key "${logical.base}"`, logical.base);
        continue;
      }

      if (plural) {
        const plainServes = entries.plain !== undefined && required.length === 1 && required[0] === 'other';
        if (!plainServes) {
          for (const category of required) {
            if (!entries.forms.has(category)) report('missing-key', language, namespace, `missing key "${formKey(category)}"`, formKey(category));
          }
        }
      } else if (entries.plain === undefined && !entries.forms.has('other')) {
        // Only forms other than `_other` of a key the reference has plain: `_other` alone would have served.
        report('missing-key', language, namespace, `missing key "${logical.base}"`, logical.base);
      }

      for (const category of entries.forms.keys()) {
        if (category !== 'zero' && !required.includes(category)) {
          report(
            'unused-plural-form',
            language,
            namespace,
            `key "${formKey(category)}" is not a plural form of ${language} (it uses ${required.map((c) => `_${c}`).join(', ')})`,
            formKey(category),
          );
        }
      }

      const values: [string, unknown][] = [];
      if (entries.plain !== undefined) values.push([logical.base, entries.plain]);
      for (const [category, value] of entries.forms) values.push([formKey(category), value]);
      for (const [key, value] of values) {
        if (typeof value !== 'string') report('not-a-string', language, namespace, `key "${key}" is not a string`, key);
        else if (value.trim() === '') report('empty-value', language, namespace, `empty value for key "${key}"`, key);
      }

      if (language !== referenceLanguage && referenceEntries !== undefined) {
        const mismatch = interpolationMismatch(referenceEntries, entries, plural);
        if (mismatch !== undefined) {
          report(
            'interpolation-mismatch',
            language,
            namespace,
            `key "${logical.base}" uses ${formatVariables(mismatch.actual)} but ${referenceLanguage} uses ${formatVariables(mismatch.expected)}`,
            logical.base,
          );
        }
      }
    }
  }
}

/**
 * Plain keys must use exactly the reference's variables. Plural forms may drop `count` (a `_one` form
 * often says "a" or "one" instead of the number) but together must use every other variable, and none
 * the reference does not have.
 */
function interpolationMismatch(
  reference: KeyEntries,
  translation: KeyEntries,
  plural: boolean,
): { expected: ReadonlySet<string>; actual: ReadonlySet<string> } | undefined {
  const expected = variablesOf(allValues(reference));
  const actual = variablesOf(allValues(translation));
  if (!plural) return sameSet(expected, actual) ? undefined : { expected, actual };
  const unknown = [...actual].some((name) => !expected.has(name));
  const dropped = [...expected].some((name) => name !== 'count' && !actual.has(name));
  return unknown || dropped ? { expected, actual } : undefined;
}

function allValues(entries: KeyEntries): unknown[] {
  return [...(entries.plain === undefined ? [] : [entries.plain]), ...entries.forms.values()];
}

// i18next's default syntax: {{name}}, {{- name}} (unescaped), {{count, number}} (formatted).
const variablePattern = /\{\{\s*-?\s*([^\s,}]+)[^}]*\}\}/g;

function variablesOf(values: readonly unknown[]): Set<string> {
  const names = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    for (const match of value.matchAll(variablePattern)) if (match[1] !== undefined) names.add(match[1]);
  }
  return names;
}

function formatVariables(names: ReadonlySet<string>): string {
  return names.size === 0 ? 'no variables' : [...names].sort().map((name) => `{{${name}}}`).join(', ');
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item));
}

function splitPluralForm(key: string): { base: string; type: PluralType; category: PluralCategory } | undefined {
  const match = /^(.+?)(_ordinal)?_(zero|one|two|few|many|other)$/.exec(key);
  const base = match?.[1];
  const category = pluralCategories.find((c) => c === match?.[3]);
  if (base === undefined || category === undefined) return undefined;
  return { base, type: match?.[2] === undefined ? 'cardinal' : 'ordinal', category };
}

function familyId(key: LogicalKey): string {
  return key.type === 'ordinal' ? `${key.base}_ordinal` : key.base;
}

function pluralKey(key: LogicalKey, category: PluralCategory): string {
  return `${familyId(key)}_${category}`;
}

const categoryCache = new Map<string, readonly PluralCategory[]>();

/** The CLDR categories of a language as the runtime's Intl reports them (what i18next resolves with). */
function requiredCategories(language: string, type: PluralType): readonly PluralCategory[] {
  const cacheKey = `${language}/${type}`;
  const cached = categoryCache.get(cacheKey);
  if (cached !== undefined) return cached;
  const reported = new Intl.PluralRules(language, { type }).resolvedOptions().pluralCategories;
  const categories = pluralCategories.filter((category) => reported.includes(category));
  categoryCache.set(cacheKey, categories);
  return categories;
}

function flatten(data: Record<string, unknown>): FlatEntries {
  const entries = new Map<string, unknown>();
  const visit = (value: unknown, prefix: string): void => {
    if (isRecord(value) || Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) visit(child, prefix === '' ? key : `${prefix}.${key}`);
    } else {
      entries.set(prefix, value);
    }
  };
  visit(data, '');
  return entries;
}

function listLanguages(localesDir: string): string[] {
  if (!existsSync(localesDir)) throw new Error(`locales directory not found: ${localesDir}`);
  return readdirSync(localesDir)
    .filter((name) => !name.startsWith('.') && statSync(join(localesDir, name)).isDirectory())
    .sort(compare);
}

function listNamespaces(languageDir: string): string[] {
  return readdirSync(languageDir)
    .filter((name) => name.endsWith('.json') && statSync(join(languageDir, name)).isFile())
    .map((name) => name.slice(0, -'.json'.length))
    .sort(compare);
}

function displayPath(path: string): string {
  const fromCwd = relative(process.cwd(), path);
  const shown = fromCwd === '' || fromCwd.startsWith('..') || isAbsolute(fromCwd) ? path : fromCwd;
  return shown.split(sep).join('/');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
