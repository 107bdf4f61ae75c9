import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitTaggedText } from '../../../screens/tagged-text';

const LOCALES = join(import.meta.dirname, '../../../public/locales');

describe('splitTaggedText', () => {
  it('splits a sentence into plain runs and tagged runs, in order', () => {
    expect(splitTaggedText('Agree to our <terms>Terms of Use</terms> and <privacy>Privacy Policy</privacy>.')).toEqual([
      { text: 'Agree to our ' },
      { tag: 'terms', text: 'Terms of Use' },
      { text: ' and ' },
      { tag: 'privacy', text: 'Privacy Policy' },
      { text: '.' },
    ]);
  });

  it('handles a tag at either end and text without tags', () => {
    expect(splitTaggedText('<terms>Terms</terms>')).toEqual([{ tag: 'terms', text: 'Terms' }]);
    expect(splitTaggedText('No tags here')).toEqual([{ text: 'No tags here' }]);
    expect(splitTaggedText('')).toEqual([]);
  });

  it('leaves what is not a closed tag as plain text', () => {
    expect(splitTaggedText('a < b <terms>open')).toEqual([{ text: 'a < b <terms>open' }]);
    expect(splitTaggedText('<terms>x</privacy>')).toEqual([{ text: '<terms>x</privacy>' }]);
  });

  it('finds exactly one Terms and one Privacy link text in every language, with no tag left over', () => {
    const languages = readdirSync(LOCALES);
    expect(languages.length).toBeGreaterThanOrEqual(20);
    for (const language of languages) {
      const common: { legal: Record<string, string> } = JSON.parse(readFileSync(join(LOCALES, language, 'common.json'), 'utf8'));
      for (const key of ['start', 'signUp']) {
        const runs = splitTaggedText(common.legal[key] ?? '');
        const where = `${language} legal.${key}`;
        expect(runs.flatMap((run) => (run.tag === undefined ? [] : [run.tag])).sort(), where).toEqual(['privacy', 'terms']);
        for (const run of runs) {
          expect(run.text.trim(), where).not.toBe('');
          expect(run.text, where).not.toMatch(/<\/?[a-z]/i);
        }
      }
    }
  });
});
