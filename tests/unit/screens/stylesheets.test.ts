import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const tokensFile = 'screens/theme/design-tokens.css';

/** Every file under `dir` whose name ends with one of `extensions`, relative to the project. */
function filesUnder(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => extensions.some((extension) => name.endsWith(extension)))
    .map((name) => relative(root, join(root, dir, name)));
}

const stylesheets = [...filesUnder('screens', ['.css']), ...filesUnder('stories', ['.css'])];

/** A stylesheet without its comments (a comment may quote a colour or a selector). */
function cssOf(file: string): string {
  return readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
}

interface Rule {
  readonly selector: string;
  /** The at-rule preludes around the rule, outermost first. */
  readonly within: readonly string[];
}

/** The style rules of a stylesheet with the at-rules they sit in (a small scanner: no strings with braces in ours). */
function rulesOf(css: string): Rule[] {
  const rules: Rule[] = [];
  const open: string[] = [];
  let prelude = '';
  for (const char of css) {
    if (char === '{') {
      const text = prelude.trim();
      if (!text.startsWith('@')) rules.push({ selector: text, within: open.filter((entry) => entry.startsWith('@')) });
      open.push(text);
      prelude = '';
    } else if (char === '}') {
      open.pop();
      prelude = '';
    } else if (char === ';') {
      prelude = '';
    } else {
      prelude += char;
    }
  }
  return rules;
}

describe('the stylesheets', () => {
  it('are found (the checks below would pass on nothing)', () => {
    expect(stylesheets).toContain(tokensFile);
    expect(stylesheets.length).toBeGreaterThan(10);
  });

  it('take every colour from the design tokens', () => {
    const literals = stylesheets
      .filter((file) => file !== tokensFile)
      .flatMap((file) => [...cssOf(file).matchAll(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|oklch|oklab)\(/gi)].map((match) => `${file}: ${match[0]}`));
    expect(literals).toEqual([]);
  });

  // Declared in a stylesheet, in a style object (`'--x': ...`) or with setProperty('--x', ...).
  it('use only custom properties that are defined', () => {
    const sources = [...stylesheets, ...filesUnder('screens', ['.tsx', '.ts'])].map((file) => readFileSync(join(root, file), 'utf8'));
    const defined = new Set(sources.flatMap((source) => [...source.matchAll(/(--[\w-]+)(?:\s*:|['"]\s*[:,])/g)].map((match) => match[1])));
    const undefinedOnes = stylesheets.flatMap((file) =>
      [...cssOf(file).matchAll(/var\((--[\w-]+)\s*\)/g)].filter((match) => !defined.has(match[1])).map((match) => `${file}: ${match[1]}`),
    );
    expect(undefinedOnes).toEqual([]);
  });

  it('show hover looks only with a real pointer (a tapped control on a touch screen must not look hovered)', () => {
    const touchHover = stylesheets.flatMap((file) =>
      rulesOf(cssOf(file))
        .filter((rule) => rule.selector.includes(':hover'))
        .filter((rule) => !rule.within.some((prelude) => /^@media\b.*\(hover:\s*hover\).*\(pointer:\s*fine\)/.test(prelude)))
        .map((rule) => `${file}: ${rule.selector}`),
    );
    expect(touchHover).toEqual([]);
  });
});
