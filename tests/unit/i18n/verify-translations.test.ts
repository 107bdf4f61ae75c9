import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyTranslations } from '../../../engine/verify-translations';
import { verifyTranslationsCli } from '../../../engine/verify-translations-cli';

type Files = Record<string, Record<string, unknown>>;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes `<lng>/<namespace>.json` files (`{ 'de/common': {...} }`); a string value is written verbatim. */
function locales(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'locales-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    const [language, namespace] = name.split('/');
    if (language === undefined || namespace === undefined) throw new Error(`bad fixture name ${name}`);
    mkdirSync(join(dir, language), { recursive: true });
    writeFileSync(join(dir, language, `${namespace}.json`), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

/** A consistent set: nested keys, interpolation, plurals in languages with 1, 2, 4 and 6 categories. */
function goodSet(): Files {
  return {
    'en/common': {
      buttons: { continue: 'Continue', back: 'Back' },
      greeting: 'Hello {{name}}',
      items_one: 'One item',
      items_other: '{{count, number}} items',
      items_zero: 'No items yet',
    },
    'de/common': {
      buttons: { continue: 'Weiter', back: 'Zurück' },
      greeting: 'Hallo {{name}}',
      items_one: 'Ein Eintrag',
      items_other: '{{count, number}} Einträge',
    },
    'pl/common': {
      buttons: { continue: 'Dalej', back: 'Wstecz' },
      greeting: 'Cześć {{name}}',
      items_one: 'Jeden element',
      items_few: '{{count}} elementy',
      items_many: '{{count}} elementów',
      items_other: '{{count}} elementu',
    },
    'ja/common': {
      buttons: { continue: '次へ', back: '戻る' },
      greeting: 'こんにちは、{{name}}さん',
      items_other: '{{count}}件',
    },
    'ar/common': {
      buttons: { continue: 'متابعة', back: 'رجوع' },
      greeting: 'مرحبًا {{name}}',
      items_zero: 'لا عناصر',
      items_one: 'عنصر واحد',
      items_two: 'عنصران',
      items_few: '{{count}} عناصر',
      items_many: '{{count}} عنصرًا',
      items_other: '{{count}} عنصر',
    },
  };
}

function messages(dir: string): string[] {
  return verifyTranslations(dir).map((problem) => problem.message);
}

describe('verifyTranslations', () => {
  it('accepts a consistent set of languages, including plural forms per CLDR category', () => {
    expect(verifyTranslations(locales(goodSet()))).toEqual([]);
  });

  it('accepts a plain key instead of _other in a language that has only the other category', () => {
    const files = goodSet();
    files['ja/common'] = { ...files['ja/common'], items: '{{count}}件' };
    delete files['ja/common']['items_other'];
    expect(verifyTranslations(locales(files))).toEqual([]);
  });

  it('reports a missing key with its file and dotted path', () => {
    const files = goodSet();
    files['de/common'] = { ...files['de/common'], buttons: { back: 'Zurück' } };
    const dir = locales(files);
    expect(messages(dir)).toEqual([`${join(dir, 'de', 'common.json')}: missing key "buttons.continue"`]);
    expect(verifyTranslations(dir)[0]).toMatchObject({ kind: 'missing-key', language: 'de', namespace: 'common', key: 'buttons.continue' });
  });

  it('reports a key only the reference language has as missing everywhere else', () => {
    const files = goodSet();
    files['en/common'] = { ...files['en/common'], newKey: 'New' };
    const problems = verifyTranslations(locales(files));
    expect(problems.map((p) => `${p.language} ${p.kind} ${p.key}`)).toEqual([
      'ar missing-key newKey',
      'de missing-key newKey',
      'ja missing-key newKey',
      'pl missing-key newKey',
    ]);
  });

  it('reports a key no other language has in that language only', () => {
    const files = goodSet();
    files['de/common'] = { ...files['de/common'], buttons: { continue: 'Weiter', back: 'Zurück', skip: 'Überspringen' } };
    const dir = locales(files);
    expect(messages(dir)).toEqual([`${join(dir, 'de', 'common.json')}: key "buttons.skip" exists in no other language`]);
  });

  it('requires exactly the plural forms of each language', () => {
    const files = goodSet();
    delete files['pl/common']?.['items_few'];
    files['de/common'] = { ...files['de/common'], items_few: '{{count}} Einträge' };
    delete files['ar/common']?.['items_two'];
    const problems = verifyTranslations(locales(files));
    expect(problems.map((p) => `${p.language} ${p.kind} ${p.key}`)).toEqual([
      'ar missing-key items_two',
      'de unused-plural-form items_few',
      'pl missing-key items_few',
    ]);
    expect(problems[1]?.message).toMatch(/"items_few" is not a plural form of de \(it uses _one, _other\)$/);
  });

  it('reports every required form when a language lacks a plural key entirely', () => {
    const files = goodSet();
    for (const key of ['items_one', 'items_few', 'items_many', 'items_other']) delete files['pl/common']?.[key];
    expect(verifyTranslations(locales(files)).map((p) => p.key)).toEqual(['items_few', 'items_many', 'items_one', 'items_other']);
  });

  it('treats a key ending in _one as an ordinary key when no language has its _other form', () => {
    const files = goodSet();
    for (const language of ['en', 'de', 'pl', 'ja', 'ar']) files[`${language}/common`] = { ...files[`${language}/common`], step_one: 'x' };
    delete files['ja/common']?.['step_one'];
    expect(verifyTranslations(locales(files)).map((p) => `${p.language} ${p.key}`)).toEqual(['ja step_one']);
  });

  it('reports empty values', () => {
    const files = goodSet();
    files['pl/common'] = { ...files['pl/common'], buttons: { continue: '  ', back: 'Wstecz' } };
    const dir = locales(files);
    expect(messages(dir)).toEqual([`${join(dir, 'pl', 'common.json')}: empty value for key "buttons.continue"`]);
  });

  it('reports values that are not strings', () => {
    const files = goodSet();
    files['de/common'] = { ...files['de/common'], greeting: 42 };
    expect(verifyTranslations(locales(files)).map((p) => p.kind)).toContain('not-a-string');
  });

  it('reports interpolation variables that differ from English', () => {
    const files = goodSet();
    files['de/common'] = { ...files['de/common'], greeting: 'Hallo {{nom}}' };
    files['pl/common'] = { ...files['pl/common'], items_many: '{{count}} elementów {{extra}}' };
    const dir = locales(files);
    expect(messages(dir)).toEqual([
      `${join(dir, 'de', 'common.json')}: key "greeting" uses {{nom}} but en uses {{name}}`,
      `${join(dir, 'pl', 'common.json')}: key "items" uses {{count}}, {{extra}} but en uses {{count}}`,
    ]);
  });

  it('lets a plural form drop {{count}} but not another variable', () => {
    const files = goodSet();
    files['en/common'] = { ...files['en/common'], left_one: '{{name}} has one day left', left_other: '{{name}} has {{count}} days left' };
    files['de/common'] = { ...files['de/common'], left_one: '{{name}} hat noch einen Tag', left_other: 'Noch {{count}} Tage' };
    for (const language of ['pl', 'ja', 'ar']) {
      const forms = language === 'ja' ? ['other'] : language === 'pl' ? ['one', 'few', 'many', 'other'] : ['zero', 'one', 'two', 'few', 'many', 'other'];
      for (const form of forms) files[`${language}/common`] = { ...files[`${language}/common`], [`left_${form}`]: `{{name}} ${form}` };
    }
    const problems = verifyTranslations(locales(files));
    expect(problems.map((p) => `${p.language} ${p.kind} ${p.key}`)).toEqual([]);
    files['de/common'] = { ...files['de/common'], left_one: 'Noch ein Tag' };
    expect(verifyTranslations(locales(files)).map((p) => `${p.language} ${p.kind} ${p.key}`)).toEqual(['de interpolation-mismatch left']);
  });

  it('reports a namespace file that is missing', () => {
    const files: Record<string, unknown> = { ...goodSet(), 'en/signup': { title: 'Sign up' }, 'de/signup': { title: 'Registrieren' } };
    const dir = locales(files);
    const problems = verifyTranslations(dir);
    expect(problems.map((p) => p.message)).toEqual(
      ['ar', 'ja', 'pl'].map((language) => `${join(dir, language, 'signup.json')}: namespace file missing (de, en have it)`),
    );
    expect(new Set(problems.map((p) => p.kind))).toEqual(new Set(['missing-namespace']));
  });

  it('reports invalid JSON with the file path and does not report its keys as missing', () => {
    const files: Record<string, unknown> = { ...goodSet(), 'de/common': '{ "buttons": { "continue": "Weiter", } }' };
    const dir = locales(files);
    const problems = verifyTranslations(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.kind).toBe('invalid-json');
    expect(problems[0]?.message.startsWith(`${join(dir, 'de', 'common.json')}: invalid JSON (`)).toBe(true);
  });

  it('prints paths relative to the working directory when the locales live below it', () => {
    const files = goodSet();
    files['de/common'] = { ...files['de/common'], buttons: { continue: 'Weiter', back: '' } };
    const dir = locales(files);
    vi.spyOn(process, 'cwd').mockReturnValue(dirname(dir));
    try {
      expect(messages(dir)).toEqual([`${basename(dir)}/de/common.json: empty value for key "buttons.back"`]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('fails loudly when the locales directory does not exist', () => {
    expect(() => verifyTranslations(join(tmpdir(), 'no-such-locales-dir'))).toThrow(/locales directory not found/);
  });
});

describe('verify-translations CLI', () => {
  it('prints each problem and exits 1, or exits 0 when all is well', () => {
    const lines: string[] = [];
    const files = goodSet();
    files['de/common'] = { ...files['de/common'], buttons: { continue: 'Weiter', back: '' } };
    expect(verifyTranslationsCli([locales(files)], (line) => lines.push(line))).toBe(1);
    expect(lines[0]).toMatch(/de\/common\.json: empty value for key "buttons.back"$/);
    expect(lines.at(-1)).toBe('1 translation problem');
    expect(verifyTranslationsCli([locales(goodSet())], () => undefined)).toBe(0);
  });
});

describe('the product translations', () => {
  it('have no problems in public/locales', () => {
    expect(verifyTranslations(resolve('public/locales')).map((problem) => problem.message)).toEqual([]);
  });
});
