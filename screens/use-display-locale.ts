import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayLocale } from '../engine/display-locale';

/**
 * The locale for dates and amounts on the page: its language with the browser's region for it
 * (engine/display-locale.ts), so an English page in Britain writes "27 November 2026".
 */
export function useDisplayLocale(): string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => displayLocale(language, typeof navigator === 'undefined' ? [] : navigator.languages), [language]);
}
