import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The English texts are British English (docs/decisions/0231-british-english.md): the spec writes
 * "help centre" and "behaviour", and the shop sells in euros to Europe first. The spec's American
 * "canceled" and "cancelation" became "cancelled" and "cancellation" in what a visitor reads; route
 * paths (/help-center/cancelation) and keys stay as the spec names them.
 */
const AMERICAN = /\b(cancel(?:ed|ing|ation)s?|colors?|centers?|favorites?|behaviors?|personaliz\w*|organiz\w*|analyz\w*|optimiz\w*|customiz\w*|realiz\w*|recogniz\w*|apologiz\w*|catalogs?)\b/i;

function texts(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, child]) => texts(child, path === '' ? key : `${path}.${key}`));
  return [];
}

describe('English texts', () => {
  const folder = join(import.meta.dirname, '../../../public/locales/en');
  const all = readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => texts(JSON.parse(readFileSync(join(folder, file), 'utf8')), file.replace(/\.json$/, ':')));

  it('are read', () => {
    expect(all.length).toBeGreaterThan(200);
  });

  it('use one variety of English: British spellings only', () => {
    expect(all.filter(([, text]) => AMERICAN.test(text)).map(([key, text]) => `${key} "${text}"`)).toEqual([]);
  });

  it('the check catches an American spelling', () => {
    expect(AMERICAN.test('Your subscription has been canceled.')).toBe(true);
    expect(AMERICAN.test('Request cancelation')).toBe(true);
    expect(AMERICAN.test('Your subscription has been cancelled.')).toBe(false);
  });
});
