/**
 * How a text with values (an info step's `{{bmi, number}}`, docs/flows.md) can be found on the page
 * without computing the values: the text itself when it has none, else a pattern of the words around
 * them. The values are checked where they are the subject (tests/e2e/answer-feedback.spec.ts).
 */
export function textAroundValues(text: string): string | RegExp {
  if (!text.includes('{{')) return text;
  const parts = text.split(/\{\{[^}]*\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}
