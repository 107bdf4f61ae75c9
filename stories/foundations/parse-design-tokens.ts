export interface DesignToken {
  readonly name: string;
  readonly value: string;
  /** The comment after the declaration (e.g. the contrast it was chosen for). */
  readonly note?: string;
}

export interface DesignTokenGroup {
  readonly title: string;
  readonly tokens: readonly DesignToken[];
}

/**
 * The custom properties of the tokens file's first `:root` block, grouped under its section comments
 * (`/* Colour: brand *\/`). Only that block: the reduced-motion override and the fallback font face
 * are not tokens of their own.
 */
export function parseDesignTokens(css: string): DesignTokenGroup[] {
  const start = css.indexOf(':root {');
  const end = css.indexOf('\n}', start);
  const block = css.slice(start, end);
  const groups: { title: string; tokens: DesignToken[] }[] = [];
  for (const line of block.split('\n').map((text) => text.trim())) {
    const section = /^\/\* (.+) \*\/$/.exec(line);
    if (section?.[1] !== undefined) {
      groups.push({ title: section[1], tokens: [] });
      continue;
    }
    const declaration = /^(--[\w-]+):\s*(.+?);\s*(?:\/\*\s*(.+?)\s*\*\/)?$/.exec(line);
    const group = groups.at(-1);
    if (declaration?.[1] === undefined || declaration[2] === undefined || group === undefined) continue;
    group.tokens.push({ name: declaration[1], value: declaration[2], ...(declaration[3] === undefined ? {} : { note: declaration[3] }) });
  }
  return groups.filter((group) => group.tokens.length > 0);
}
