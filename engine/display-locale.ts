/**
 * The locale dates and amounts are written in: the page's language with the visitor's region when the
 * browser's preferred languages name one for that language (page in `en`, browser `en-GB`: "27
 * November 2026", not the American "November 27, 2026"); otherwise the language alone. A language
 * that already carries a region keeps it. Tags the browser reports badly are skipped.
 */
export function displayLocale(language: string, preferredLanguages: readonly string[]): string {
  const page = parsedLocale(language);
  if (page === undefined) return language;
  if (page.region !== undefined) return page.toString();
  for (const candidate of preferredLanguages) {
    const preferred = parsedLocale(candidate);
    if (preferred?.language === page.language && preferred.region !== undefined) return preferred.toString();
  }
  return page.toString();
}

function parsedLocale(tag: string): Intl.Locale | undefined {
  try {
    return new Intl.Locale(tag);
  } catch {
    return undefined;
  }
}
