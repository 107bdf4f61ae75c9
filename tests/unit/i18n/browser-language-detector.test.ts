import { describe, expect, it } from 'vitest';
import { browserLanguageDetector } from '../../../services/i18n/browser-language-detector';
import type { LanguagePage } from '../../../services/i18n/language-candidates';

interface PageSetup {
  readonly search?: string;
  readonly cookie?: string;
  readonly local?: Record<string, string>;
  readonly session?: Record<string, string>;
  readonly languages?: readonly string[];
  readonly htmlLang?: string;
  readonly storageBlocked?: boolean;
}

/** A stand-in page; `local` is the live local storage (the test reads what was remembered). */
function page(setup: PageSetup): { page: LanguagePage; local: Map<string, string> } {
  const local = new Map(Object.entries(setup.local ?? {}));
  const session = new Map(Object.entries(setup.session ?? {}));
  const storage = (entries: Map<string, string>): Pick<Storage, 'getItem' | 'setItem'> => {
    if (setup.storageBlocked) throw new DOMException('storage is disabled', 'SecurityError');
    return {
      getItem: (key) => entries.get(key) ?? null,
      setItem: (key, value) => void entries.set(key, value),
    };
  };
  const stand: LanguagePage = {
    location: { search: setup.search ?? '' },
    document: { cookie: setup.cookie ?? '', documentElement: { getAttribute: () => setup.htmlLang ?? null } },
    get localStorage() {
      return storage(local);
    },
    get sessionStorage() {
      return storage(session);
    },
    navigator: { languages: setup.languages ?? [], language: setup.languages?.[0] ?? '' },
  };
  return { page: stand, local };
}

describe('browserLanguageDetector (services/i18n/browser-language-detector.ts)', () => {
  it('lists the candidates in the spec order: query, cookie, local storage, session storage, browser, html tag', () => {
    const { page: stand } = page({
      search: '?lng=fr',
      cookie: 'a=1; i18next=es',
      local: { i18nextLng: 'it' },
      session: { i18nextLng: 'nl' },
      languages: ['de-DE', 'de'],
      htmlLang: 'en',
    });
    expect(browserLanguageDetector(stand).detect()).toEqual(['fr', 'es', 'it', 'nl', 'de-DE', 'de', 'de-DE', 'en']);
  });

  it('skips what is missing, and storage the browser blocks', () => {
    const { page: stand } = page({ languages: ['sv-SE'], storageBlocked: true, cookie: 'other=1' });
    expect(browserLanguageDetector(stand).detect()).toEqual(['sv-SE', 'sv-SE']);
  });

  it('remembers an explicit ?lng= choice only, never the language the browser gave', () => {
    const chosen = page({ search: '?lng=de-DE' });
    browserLanguageDetector(chosen.page).cacheUserLanguage?.('de');
    expect(chosen.local.get('i18nextLng')).toBe('de');
    const detected = page({ languages: ['de-DE'] });
    browserLanguageDetector(detected.page).cacheUserLanguage?.('de');
    expect(detected.local.has('i18nextLng')).toBe(false);
    const blocked = page({ search: '?lng=de', storageBlocked: true });
    expect(() => browserLanguageDetector(blocked.page).cacheUserLanguage?.('de')).not.toThrow();
  });
});
