import { fallbackLanguage, supportedLanguages } from './supported-languages';

/**
 * The language i18next settles on (its `resolvedLanguage`, the files it loads) for these candidates,
 * with the app's options (create-i18n.ts: the supported languages, a region counting as its language,
 * English otherwise): the first candidate that is a supported language, or whose language part is.
 * The page's boot script uses it to preload that language's files before i18next runs; the unit test
 * holds it against i18next itself.
 */
export function pickLanguage(candidates: readonly string[]): string {
  const supported: readonly string[] = supportedLanguages;
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    if (supported.includes(lower)) return lower;
    const base = lower.split(/[-_]/)[0] ?? '';
    if (supported.includes(base)) return base;
  }
  return fallbackLanguage;
}
