import type { i18n } from 'i18next';
import type { PageArea } from '../../services/page/page-area';

/** A busy phone still gets the formatters built within a couple of seconds. */
const WARM_UP_TIMEOUT_MS = 2000;

/**
 * Builds, while the visitor reads the first step, what the next steps' texts need the first time
 * they format a number or pick a plural form (`{{count, number}}`, `_one` / `_other`): the browser's
 * first `Intl.NumberFormat` and `Intl.PluralRules` for a language load its locale data, which at a
 * phone's speed cost a large part of the first tap. Done once per language, when the main thread is idle.
 */
export function warmTextFormatting(instance: i18n, whenIdle: PageArea['whenIdle']): void {
  const language = instance.resolvedLanguage ?? instance.language;
  if (warmed.has(language)) return;
  warmed.add(language);
  // One idle callback each: together they took 60 ms on a phone at 4x, one long task that a tap
  // arriving then would wait for (and that Lighthouse counts as blocking).
  const steps: (() => void)[] = [
    () => new Intl.NumberFormat(language).format(1234567),
    () => new Intl.PluralRules(language).select(2),
    // i18next's own number formatter for the language ({{value, number}}), through its public API.
    () => instance.t('common:warmup', { value: 1234567, count: 2, defaultValue: '{{value, number}}' }),
  ];
  const next = (): void => {
    const step = steps.shift();
    if (step === undefined) return;
    step();
    whenIdle(next, WARM_UP_TIMEOUT_MS);
  };
  whenIdle(next, WARM_UP_TIMEOUT_MS);
}

const warmed = new Set<string>();
