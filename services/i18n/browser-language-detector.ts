import type { LanguageDetectorModule } from 'i18next';
import { isExplicitLanguageChoice, LANGUAGE_QUERY_PARAMETER } from './is-explicit-language-choice';

/** What the detection reads of the page (the window in the app; a stand-in in tests). */
export interface LanguagePage {
  readonly location: { readonly search: string };
  readonly document: { readonly cookie: string; readonly documentElement: { getAttribute(name: string): string | null } };
  readonly localStorage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly sessionStorage: Pick<Storage, 'getItem'>;
  readonly navigator: { readonly languages: readonly string[]; readonly language: string };
}

/** i18next's own names (so a choice remembered by the earlier detector library still counts). */
const COOKIE = 'i18next';
const STORAGE_KEY = 'i18nextLng';

/**
 * The spec's detection order: query `lng`, the `i18next` cookie, local storage, session storage, the
 * browser's languages, the html tag. Every candidate found, in that order; i18next takes the first it
 * supports (de-DE counts as de). Only an explicit choice (`?lng=`) is remembered, in local storage: a
 * remembered browser language would outrank a later change of the browser's language.
 * In place of i18next-browser-languagedetector, of which the app used these six lookups only. The boot
 * script (screens/boot/boot-script.ts) walks the same order to preload the files before this runs.
 */
export function browserLanguageDetector(page: LanguagePage = window): LanguageDetectorModule {
  return {
    type: 'languageDetector',
    detect: () => {
      const cookie = new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]*)`).exec(readOrUndefined(() => page.document.cookie) ?? '')?.[1];
      const candidates = [
        new URLSearchParams(page.location.search).get(LANGUAGE_QUERY_PARAMETER),
        cookie === undefined ? undefined : decodeURIComponent(cookie),
        readOrUndefined(() => page.localStorage.getItem(STORAGE_KEY)),
        readOrUndefined(() => page.sessionStorage.getItem(STORAGE_KEY)),
        ...page.navigator.languages,
        page.navigator.language,
        page.document.documentElement.getAttribute('lang'),
      ];
      return candidates.filter((candidate): candidate is string => typeof candidate === 'string' && candidate !== '');
    },
    cacheUserLanguage: (language) => {
      if (!isExplicitLanguageChoice(page.location.search, language)) return;
      readOrUndefined(() => page.localStorage.setItem(STORAGE_KEY, language));
    },
  };
}

/** Storage and cookies throw when the browser blocks them: then that source has nothing. */
function readOrUndefined<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
