import { describe, expect, it } from 'vitest';
import { isExplicitLanguageChoice } from '../../../services/i18n/is-explicit-language-choice';

describe('isExplicitLanguageChoice', () => {
  it('is true when ?lng= names the language being applied, region or case aside', () => {
    expect(isExplicitLanguageChoice('?lng=de', 'de')).toBe(true);
    expect(isExplicitLanguageChoice('?utm_source=ad&lng=de-DE', 'de')).toBe(true);
    expect(isExplicitLanguageChoice('?lng=PT_br', 'pt')).toBe(true);
  });

  it('is false without ?lng=: a language from the browser, cookie or storage is never remembered', () => {
    expect(isExplicitLanguageChoice('', 'de')).toBe(false);
    expect(isExplicitLanguageChoice('?utm_source=ad', 'en')).toBe(false);
    expect(isExplicitLanguageChoice('?lng=', 'en')).toBe(false);
  });

  it('is false when ?lng= asked for another language (unsupported, so the browser language was applied)', () => {
    expect(isExplicitLanguageChoice('?lng=xx', 'en')).toBe(false);
    expect(isExplicitLanguageChoice('?lng=de', 'en')).toBe(false);
  });
});
