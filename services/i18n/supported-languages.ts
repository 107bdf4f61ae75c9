/** The product's languages (issue: 20 languages). English is the fallback for every missing key. */
export const supportedLanguages = [
  'en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'nb',
  'fi', 'pl', 'cs', 'tr', 'ru', 'uk', 'ar', 'ja', 'ko', 'zh',
] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];

export const fallbackLanguage: SupportedLanguage = 'en';

const rightToLeft: ReadonlySet<string> = new Set(['ar']);

/** Text direction for the document of a language. */
export function textDirection(language: string): 'rtl' | 'ltr' {
  return rightToLeft.has(language.split('-')[0] ?? language) ? 'rtl' : 'ltr';
}
