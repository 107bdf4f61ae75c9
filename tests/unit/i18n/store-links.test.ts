import { describe, expect, it } from 'vitest';
import { supportedLanguages } from '../../../services/i18n/supported-languages';
import { storeLinks, storeListingIds } from '../../../screens/store-links';

const ids = { appStoreId: '1234567890', googlePlayPackage: 'com.example.tracker' };

// language -> [App Store storefront, Google Play hl]
const expected: Record<string, [string, string]> = {
  en: ['us', 'en'],
  de: ['de', 'de'],
  fr: ['fr', 'fr'],
  es: ['es', 'es'],
  it: ['it', 'it'],
  pt: ['br', 'pt-BR'],
  nl: ['nl', 'nl'],
  sv: ['se', 'sv'],
  da: ['dk', 'da'],
  nb: ['no', 'no'],
  fi: ['fi', 'fi'],
  pl: ['pl', 'pl'],
  cs: ['cz', 'cs'],
  tr: ['tr', 'tr'],
  ru: ['ru', 'ru'],
  uk: ['ua', 'uk'],
  ar: ['sa', 'ar'],
  ja: ['jp', 'ja'],
  ko: ['kr', 'ko'],
  zh: ['cn', 'zh-CN'],
};

describe('storeLinks', () => {
  it('covers exactly the product languages', () => {
    expect(Object.keys(expected).sort()).toEqual([...supportedLanguages].sort());
  });

  it.each(Object.entries(expected))('links %s to its storefront and listing language', (language, [country, hl]) => {
    expect(storeLinks(language, ids)).toEqual({
      language,
      appStore: `https://apps.apple.com/${country}/app/id1234567890`,
      googlePlay: `https://play.google.com/store/apps/details?id=com.example.tracker&hl=${hl}`,
    });
  });

  it('uses the language part of a regional tag', () => {
    expect(storeLinks('de-AT', ids).appStore).toBe('https://apps.apple.com/de/app/id1234567890');
    expect(storeLinks('pt_PT', ids).googlePlay).toMatch(/&hl=pt-BR$/);
    expect(storeLinks('ZH-Hant-TW', ids).language).toBe('zh');
  });

  it.each([['xx'], ['sw-KE'], [''], [undefined]])('falls back to the English (US) listings for %j', (language) => {
    expect(storeLinks(language, ids)).toEqual({
      language: 'en',
      appStore: 'https://apps.apple.com/us/app/id1234567890',
      googlePlay: 'https://play.google.com/store/apps/details?id=com.example.tracker&hl=en',
    });
  });

  it('uses the configured ids by default, escaped for the URL', () => {
    const links = storeLinks('de');
    expect(links.appStore).toBe(`https://apps.apple.com/de/app/id${encodeURIComponent(storeListingIds.appStoreId)}`);
    expect(new URL(links.googlePlay).searchParams.get('id')).toBe(storeListingIds.googlePlayPackage);
    expect(storeLinks('de', { appStoreId: '1 2', googlePlayPackage: 'a&b' })).toMatchObject({
      appStore: 'https://apps.apple.com/de/app/id1%202',
      googlePlay: 'https://play.google.com/store/apps/details?id=a%26b&hl=de',
    });
  });
});
