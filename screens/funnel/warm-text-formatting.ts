import type { i18n } from 'i18next';

/**
 * Builds, while the visitor reads the first step, what the next steps' texts need the first time
 * they format a number or pick a plural form (`{{count, number}}`, `_one` / `_other`): the browser's
 * first `Intl.NumberFormat` and `Intl.PluralRules` for a language load its locale data, which at a
 * phone's speed cost a large part of the first tap. Done once per language, when the main thread is idle.
 */
export function warmTextFormatting(instance: i18n): void {
  const language = instance.resolvedLanguage ?? instance.language;
  if (warmed.has(language)) return;
  warmed.add(language);
  const warm = (): void => {
    new Intl.NumberFormat(language).format(1234567);
    new Intl.PluralRules(language).select(2);
    // i18next's own number formatter for the language ({{value, number}}), through its public API.
    instance.t('common:warmup', { value: 1234567, count: 2, defaultValue: '{{value, number}}' });
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: 2000 });
  else setTimeout(warm, 0);
}

const warmed = new Set<string>();
