import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { supportedLanguages } from '../../../services/i18n/supported-languages';

const localesDir = 'public/locales';

let instance: i18n;
beforeAll(async () => {
  instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    resources: Object.fromEntries(
      supportedLanguages.map((language) => [language, { common: JSON.parse(readFileSync(join(localesDir, language, 'common.json'), 'utf8')) }]),
    ),
  });
});

function subscribers(language: string, count: number): string {
  return instance.getFixedT(language)('company.subscribers', { count });
}

describe('plural texts resolved by i18next', () => {
  it.each([...supportedLanguages])('%s has a finished sentence for every count', (language) => {
    for (const count of [0, 1, 2, 3, 5, 11, 21, 22, 100, 1000, 25000]) {
      const text = subscribers(language, count);
      expect(text).not.toBe('company.subscribers');
      expect(text).not.toMatch(/\{\{|\}\}/);
      expect(text.trim()).not.toBe('');
    }
  });

  it('picks the grammatical form per language', () => {
    expect(subscribers('en', 1)).toBe('Join 1 active subscriber reaching their goals');
    expect(subscribers('ru', 21)).toContain('21 активному подписчику');
    expect(subscribers('ru', 3)).toContain('3 активным подписчикам');
    expect(subscribers('pl', 1)).toContain('1 aktywnego subskrybenta');
    expect(subscribers('pl', 22)).toContain('22 aktywnych subskrybentów');
    expect(subscribers('cs', 1)).toContain('1 aktivnímu předplatiteli');
    expect(subscribers('ar', 2)).toContain('مشتركَين');
    expect(subscribers('ar', 11)).toContain('11 مشتركًا');
  });

  it('formats the count with the language’s digit grouping', () => {
    expect(subscribers('en', 25000)).toContain('25,000');
    expect(subscribers('de', 25000)).toContain('25.000');
    expect(subscribers('fr', 25000)).toContain('25\u202f000');
    expect(subscribers('ja', 25000)).toContain('25,000人');
  });
});
