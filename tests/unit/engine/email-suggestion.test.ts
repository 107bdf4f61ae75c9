import { describe, expect, it } from 'vitest';
import { emailSuggestion } from '../../../engine/email-suggestion';

describe('emailSuggestion (engine/email-suggestion.ts)', () => {
  it('suggests the common domain a typo is close to', () => {
    expect(emailSuggestion('ada@gmial.com')).toBe('ada@gmail.com');
    expect(emailSuggestion(' ada@hotmial.com ')).toBe('ada@hotmail.com');
    expect(emailSuggestion('ada@gmail.con')).toBe('ada@gmail.com');
    expect(emailSuggestion('ada@outlok.com')).toBe('ada@outlook.com');
  });

  it('stays quiet for a correct address, a domain still being typed, and no address at all', () => {
    expect(emailSuggestion('ada@gmail.com')).toBeUndefined();
    expect(emailSuggestion('Ada@Gmail.com')).toBeUndefined();
    expect(emailSuggestion('ada@g')).toBeUndefined();
    expect(emailSuggestion('ada@gmial')).toBeUndefined();
    expect(emailSuggestion('@gmial.com')).toBeUndefined();
    expect(emailSuggestion('ada.example.com')).toBeUndefined();
  });
});
