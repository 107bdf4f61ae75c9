import type { LanguageDetectorModule } from 'i18next';
import { isExplicitLanguageChoice } from './is-explicit-language-choice';
import { LANGUAGE_STORAGE_KEY, languageCandidates, readOrUndefined, type LanguagePage } from './language-candidates';

/**
 * i18next's language detector: the spec's candidates in order (language-candidates.ts), of which
 * i18next takes the first it supports (de-DE counts as de; pick-language.ts is the same choice, for
 * the boot script, checked against i18next in its unit test). Only an explicit choice (`?lng=`) is
 * remembered, in local storage: a remembered browser language would outrank a later change of the
 * browser's language. In place of i18next-browser-languagedetector, of which the app used these six
 * lookups only.
 */
export function browserLanguageDetector(page: LanguagePage = window): LanguageDetectorModule {
  return {
    type: 'languageDetector',
    detect: () => languageCandidates(page),
    cacheUserLanguage: (language) => {
      if (!isExplicitLanguageChoice(page.location.search, language)) return;
      readOrUndefined(() => page.localStorage.setItem(LANGUAGE_STORAGE_KEY, language));
    },
  };
}
