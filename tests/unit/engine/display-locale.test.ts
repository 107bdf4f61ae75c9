import { describe, expect, it } from 'vitest';
import { displayLocale } from '../../../engine/display-locale';

const longDate = (locale: string): string => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date('2026-11-27T12:00:00Z'));

describe('displayLocale', () => {
  it("takes the browser's region for the page's language: a British visitor reads 27 November 2026", () => {
    expect(displayLocale('en', ['en-GB', 'en'])).toBe('en-GB');
    expect(longDate(displayLocale('en', ['en-GB']))).toBe('27 November 2026');
    expect(displayLocale('pt', ['en-US', 'pt-BR'])).toBe('pt-BR');
    expect(displayLocale('de', ['de-AT'])).toBe('de-AT');
  });

  it('keeps the language alone when the browser names no region for it, and a region the language carries', () => {
    expect(displayLocale('de', ['en-GB', 'fr-FR'])).toBe('de');
    expect(displayLocale('en', ['en'])).toBe('en');
    expect(longDate(displayLocale('en', []))).toBe('November 27, 2026');
    expect(displayLocale('en-AU', ['en-GB'])).toBe('en-AU');
  });

  it('skips tags the browser reports badly', () => {
    expect(displayLocale('en', ['not a tag', 'en-IE'])).toBe('en-IE');
    expect(displayLocale('??', ['en-GB'])).toBe('??');
  });
});
