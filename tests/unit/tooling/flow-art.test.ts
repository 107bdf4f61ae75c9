import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { flowArt } from '../../../scripts/art/flow-art';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('npm run art (scripts/art/flow-art.ts)', () => {
  const files = flowArt(root);

  it('matches the committed icons and v2 backgrounds: the YAML and public/ cannot drift', () => {
    const stale = files.filter((file) => {
      try {
        return readFileSync(join(root, 'public', file.path), 'utf8') !== file.content;
      } catch {
        return true;
      }
    });
    expect(stale.map((file) => file.path), 'run "npm run art" and commit the result').toEqual([]);
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
    const female = files.find((file) => file.path === 'images/v2/cooking-preference-female.svg')?.content ?? '';
    const male = files.find((file) => file.path === 'images/v2/cooking-preference-male.svg')?.content ?? '';
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
