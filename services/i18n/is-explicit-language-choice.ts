/** The query parameter that carries an explicit language choice (spec: detection looks at `lng` first). */
export const LANGUAGE_QUERY_PARAMETER = 'lng';

/**
 * Whether the language being applied is the visitor's explicit choice: the page's query names it
 * (`?lng=de`, `?lng=de-DE` for `de`). Only such a choice is remembered; a language detected from the
 * browser must not be, or local storage (which outranks the browser language in the detection order)
 * would freeze the first visit's language for good.
 */
export function isExplicitLanguageChoice(search: string, language: string): boolean {
  const requested = new URLSearchParams(search).get(LANGUAGE_QUERY_PARAMETER);
  if (!requested) return false;
  return primarySubtag(requested) === primarySubtag(language);
}

function primarySubtag(tag: string): string {
  return (tag.split(/[-_]/)[0] ?? '').toLowerCase();
}
