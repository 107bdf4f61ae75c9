import i18next, { type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { initialNamespaces } from './initial-namespaces';
import { isExplicitLanguageChoice, LANGUAGE_QUERY_PARAMETER } from './is-explicit-language-choice';
import { fallbackLanguage, supportedLanguages, textDirection } from './supported-languages';


/**
 * i18next configured as the spec says: files at /locales/{lng}/{ns}.json; detection order query `lng`,
 * cookie, local storage, session storage, browser language, html tag; fallback en. Failed loads are
 * retried up to 5 times from 350 ms doubling - i18next's backend connector does this when the http
 * backend flags a 5xx or network error as retryable, and never for a 4xx. At most 10 reads in parallel.
 */
export async function createI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(HttpBackend).use(ExplicitChoiceLanguageDetector).use(initReactI18next);
  await instance.init({
    supportedLngs: [...supportedLanguages],
    // de-DE -> de: the product ships one file per language, not per region.
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: fallbackLanguage,
    ns: [...initialNamespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: LANGUAGE_QUERY_PARAMETER,
      // Remember an explicit choice (e.g. ?lng=de from an ad) for the rest of the visit and later ones;
      // ExplicitChoiceLanguageDetector keeps every other language out of the cache.
      caches: ['localStorage'],
    },
    react: { useSuspense: true },
  });
  applyDocumentLanguage(instance.resolvedLanguage ?? fallbackLanguage);
  instance.on('languageChanged', (language) => applyDocumentLanguage(instance.resolvedLanguage ?? language));
  return instance;
}

/**
 * The browser language detector, caching only an explicit choice. The stock detector caches whatever
 * it resolved, including the browser language, and local storage outranks the browser language in the
 * detection order: the first visit's language would then stick even after the visitor changes it.
 */
class ExplicitChoiceLanguageDetector extends LanguageDetector {
  override cacheUserLanguage(language: string, caches?: string[]): void {
    if (isExplicitLanguageChoice(window.location.search, language)) super.cacheUserLanguage(language, caches);
  }
}

function applyDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}
