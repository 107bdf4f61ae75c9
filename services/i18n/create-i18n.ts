import i18next, { type i18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browserLanguageDetector } from './browser-language-detector';
import { initialNamespaces } from './initial-namespaces';
import { localeFileBackend } from './locale-file-backend';
import { fallbackLanguage, supportedLanguages, textDirection } from './supported-languages';

/** How i18next picks the language among the detector's candidates (services/i18n/pick-language.ts makes the same choice). */
export const languageOptions = {
  supportedLngs: [...supportedLanguages],
  // de-DE -> de: the product ships one file per language, not per region.
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  fallbackLng: fallbackLanguage,
} satisfies InitOptions;

/**
 * i18next configured as the spec says: files at /locales/{lng}/{ns}.json (locale-file-backend.ts);
 * detection order query `lng`, cookie, local storage, session storage, browser language, html tag
 * (browser-language-detector.ts); fallback en. Failed loads are retried up to 5 times from 350 ms
 * doubling - i18next's backend connector does this when the backend flags a 5xx or network error as
 * retryable, and never for a 4xx. At most 10 reads in parallel.
 */
export async function createI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(localeFileBackend()).use(browserLanguageDetector()).use(initReactI18next);
  await instance.init({
    ...languageOptions,
    ns: [...initialNamespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    react: { useSuspense: true },
  });
  applyDocumentLanguage(instance.resolvedLanguage ?? fallbackLanguage);
  instance.on('languageChanged', (language) => applyDocumentLanguage(instance.resolvedLanguage ?? language));
  return instance;
}

function applyDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}
