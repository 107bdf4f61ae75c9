import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ICON_WIDTHS } from '../../../engine/icon-files';
import { flowArt } from '../../../scripts/art/flow-art';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('npm run art (scripts/art/flow-art.ts)', () => {
  const files = flowArt(root);
  const text = (path: string): string => {
    const content = files.find((file) => file.path === path)?.content;
    if (typeof content !== 'string') throw new Error(`${path}: not a generated text file`);
    return content;
  };

  it('matches the committed icons and v2 backgrounds: the YAML and public/ cannot drift', () => {
    const stale = files.filter((file) => {
      try {
        return !readFileSync(join(root, 'public', file.path)).equals(Buffer.from(file.content));
      } catch {
        return true;
      }
    });
    expect(stale.map((file) => file.path), 'run "npm run art" and commit the result').toEqual([]);
    // Nor an icon file the YAML no longer names.
    const committedIcons = readdirSync(join(root, 'public/icons')).map((name) => `icons/${name}`);
    expect(committedIcons.sort()).toEqual(files.map((file) => file.path).filter((path) => path.startsWith('icons/')).sort());
  });

  it('writes each icon as a PNG at every width OptionIcon offers (engine/icon-files.ts)', () => {
    const icons = files.filter((file) => file.path.startsWith('icons/'));
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) {
      const png = Buffer.from(icon.content);
      // The PNG signature, then IHDR: width and height, big-endian, at bytes 16 and 20.
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      const width = Number(/-(\d+)\.png$/.exec(icon.path)?.[1]);
      expect(ICON_WIDTHS).toContain(width);
      expect({ path: icon.path, width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ path: icon.path, width, height: width });
    }
  });

  it('writes a portrait and a desktop crop of every v2 background the flow names', () => {
    const v2 = readFileSync(join(root, 'flows/v2.yaml'), 'utf8');
    for (const match of v2.matchAll(/\/images\/v2\/([a-z0-9-]+)\.svg/g)) {
      const paths = files.map((file) => file.path);
      expect(paths).toContain(`images/v2/${match[1]}.svg`);
      expect(paths).toContain(`images/v2/${match[1]}-wide.svg`);
    }
  });

  it('shows a woman in the female and a man in the male image of a gendered step', () => {
    const female = text('images/v2/cooking-preference-female.svg');
    const male = text('images/v2/cooking-preference-male.svg');
    expect(female).not.toBe(male);
    // Same palette and props: the two differ by the figure (woman-cook vs man-cook), not by colour.
    expect(female.replace(/<svg x="[^"]*" y="[^"]*" width="[^"]*" height="[^"]*" viewBox="0 0 32 32">.*?<\/svg>/g, '')).toBe(
      male.replace(/<svg x="[^"]*" y="[^"]*" width="[^"]*" height="[^"]*" viewBox="0 0 32 32">.*?<\/svg>/g, ''),
    );
  });

  it('refuses an icon name that is not in Fluent Emoji, suggesting the nearest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flow-art-'));
    try {
      mkdirSync(join(dir, 'flows'));
      writeFileSync(join(dir, 'flows/demo.yaml'), 'optionSets:\n  a:\n    - { value: x, icon: red-appel }\n');
      expect(() => flowArt(dir)).toThrow('icon "red-appel" is not in Fluent Emoji Flat (did you mean "red-apple"?)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
