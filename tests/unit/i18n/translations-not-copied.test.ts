import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { supportedLanguages } from '../../../services/i18n/supported-languages';

const localesDir = 'public/locales';

/**
 * Values a translation may share with English because they are the market's word too: brand names,
 * unit symbols, years, and loanwords that are the standard term in that language.
 */
const sharedWithEnglish: Readonly<Record<string, readonly string[]>> = {
  'App Store': ['*'],
  'Google Play': ['*'],
  'Mac App Store': ['*'],
  Apple: ['*'],
  Google: ['*'],
  '2023': ['*'],
  cm: ['*'],
  kg: ['*'],
  lb: ['*'],
  // The energy unit's symbol, written the same in these languages.
  '{{value}} kcal': ['cs', 'da', 'de', 'es', 'fi', 'fr', 'it', 'ja', 'ko', 'nb', 'nl', 'pl', 'pt', 'sv', 'tr'],
  Protein: ['da', 'nb', 'sv', 'tr'],
  Keto: ['de', 'es', 'nl', 'sv', 'da', 'nb', 'fi', 'pl', 'cs', 'tr'],
  Vegan: ['de', 'tr'],
  Password: ['it'],
  Account: ['it', 'nl'],
  Email: ['it'],
  Status: ['de', 'nl', 'sv', 'da', 'nb', 'pl'],
  Store: ['de', 'it'],
  Plan: ['es', 'pl', 'tr'],
  'E-mail': ['cs', 'da', 'fr', 'it', 'nl', 'pl', 'pt'],
  // "the web" as a place to buy, next to Apple and Google.
  Web: ['cs', 'da', 'de', 'es', 'fr', 'it', 'nb', 'nl', 'pl', 'pt', 'tr'],
  Sorry: ['nl'],
  Chocolate: ['es', 'pt'],
  // The answer "no" is spelt the same.
  No: ['es', 'it'],
  // An empty date cell.
  '—': ['*'],
  // Nothing but placeholders: a date and an amount side by side.
  '{{date}}, {{amount}}': ['*'],
};

function flatten(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix === '' ? key : `${prefix}.${key}`));
}

/** A missing file reads as empty: verify-translations reports missing namespaces, this test only copies. */
function read(language: string, namespace: string): Map<string, unknown> {
  const file = join(localesDir, language, `${namespace}.json`);
  if (!existsSync(file)) return new Map();
  const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return new Map(flatten(data));
}

const namespaces = readdirSync(join(localesDir, 'en'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

describe.each(namespaces)('%s translations', (namespace) => {
  const english = read('en', namespace);
  it.each(supportedLanguages.filter((language) => language !== 'en'))('%s is translated, not English copied', (language) => {
    const copied = [...read(language, namespace)]
      .filter(([key, value]) => english.get(key) === value)
      .filter(([, value]) => {
        const allowed = typeof value === 'string' ? sharedWithEnglish[value] : undefined;
        return !(allowed?.includes('*') || allowed?.includes(language));
      })
      .map(([key]) => key);
    expect(copied).toEqual([]);
  });
});
