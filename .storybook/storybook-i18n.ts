import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import namespaces from 'virtual:storybook-locale-namespaces';
import { localeFileBackend } from '../services/i18n/locale-file-backend';
import { fallbackLanguage, supportedLanguages, textDirection } from '../services/i18n/supported-languages';

/**
 * The i18next instance of the stories: the app's real translation files (public/ is a static dir), the
 * app's languages and fallback, but the language comes from the toolbar instead of the visitor's
 * browser, so there is no language detector. Paths are relative to iframe.html, so a static build
 * works wherever it is hosted.
 */
export const storybookI18n = i18next.createInstance();

const initialised = storybookI18n
  .use(localeFileBackend('locales'))
  .use(initReactI18next)
  .init({
    lng: fallbackLanguage,
    supportedLngs: [...supportedLanguages],
    fallbackLng: fallbackLanguage,
    load: 'languageOnly',
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

/**
 * Switches the stories to a language before a story renders (a Storybook loader): every namespace of it
 * loaded, and `lang`/`dir` on <html> as the app sets them, so Arabic lays out right to left.
 */
export async function loadStoryLanguage(language: string): Promise<void> {
  await initialised;
  await storybookI18n.changeLanguage(language);
  await storybookI18n.loadNamespaces([...namespaces]);
  const resolved = storybookI18n.resolvedLanguage ?? fallbackLanguage;
  document.documentElement.lang = resolved;
  document.documentElement.dir = textDirection(resolved);
}
