/**
 * Digits as the number parsers read them: Arabic-Indic (٠-٩, the Arabic keyboard's) and Extended
 * Arabic-Indic (۰-۹, Persian and Urdu keyboards') become 0-9, and the Arabic decimal separator (٫)
 * becomes ".". A visitor types their answer with the keyboard they have; the field keeps what they
 * typed, only the reading converts.
 */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u066b]/g, (char) => {
    const code = char.charCodeAt(0);
    if (code === 0x066b) return '.';
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}
