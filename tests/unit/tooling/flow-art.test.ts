import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ICON_WIDTHS } from '../../../engine/icon-files';
import { flowArt } from '../../../scripts/art/flow-art';
import { bodyIconNames, bodyIconSvg } from '../../../scripts/art/bodies';
import { v2Scenes } from '../../../scripts/art/v2-scenes';

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

  it('draws the body silhouettes per gender within the option icons\' budget: no larger than the largest emoji icon', () => {
    const bytes = (path: string) => Buffer.from(files.find((file) => file.path === path)?.content ?? '').length;
    const drawn = bodyIconNames.flatMap((name) => ICON_WIDTHS.map((width) => `icons/${name}-${width}.png`));
    // The flows name every drawn body, for both genders.
    expect(drawn.filter((path) => bytes(path) === 0)).toEqual([]);
    expect(bodyIconNames.filter((name) => name.startsWith('body-female-')).map((name) => name.replace('female', 'male'))).toEqual(bodyIconNames.filter((name) => name.startsWith('body-male-')));
    for (const width of ICON_WIDTHS) {
      const emoji = files.filter((file) => file.path.endsWith(`-${width}.png`) && !file.path.startsWith('icons/body-')).map((file) => bytes(file.path));
      const budget = Math.max(...emoji);
      for (const name of bodyIconNames) expect({ name, width, withinBudget: bytes(`icons/${name}-${width}.png`) <= budget }).toEqual({ name, width, withinBudget: true });
    }
    // A female and a male figure of one build differ.
    expect(bodyIconSvg('body-female-medium')).not.toBe(bodyIconSvg('body-male-medium'));
    expect(bodyIconSvg('red-apple')).toBeUndefined();
  });

  it('draws a portrait for every testimonial of config/social-proof.yaml, small and never a photo', () => {
    for (const id of ['first', 'second', 'third']) {
      const svg = text(`images/portraits/${id}.svg`);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toMatch(/<image|data:/);
      expect(svg.length).toBeLessThan(2_000);
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

  it('shows no person on an image shared by women and men (a "person" emoji reads as a man), but both on the gender step', () => {
    const people = /^(person|man|woman|men|women|people)-/;
    for (const scene of v2Scenes.filter((candidate) => !/-(female|male)$/.test(candidate.file))) {
      const shown = [...scene.figures, ...scene.props].filter((name) => people.test(name));
      if (scene.file === 'gender') expect(shown.sort()).toEqual(['man-raising-hand', 'woman-raising-hand']);
      else expect(shown, scene.file).toEqual([]);
    }
  });

  it('keeps figures and props where the layout shows them: the phone band above the sheet, the desktop area beside the card', () => {
    // Boxes of the embedded emoji (x, y, width, height of each nested <svg>) in image pixels.
    const boxes = (svg: string) => [...svg.matchAll(/<svg x="([\d.-]+)" y="([\d.-]+)" width="([\d.]+)" height="([\d.]+)"/g)].map((match) => match.slice(1, 5).map(Number));
    for (const scene of v2Scenes) {
      // Portrait (780x1200): phones show its top 24 % (app.css --art-band) and, on a 390x844 phone, its middle 554 px.
      for (const [x = 0, y = 0, width = 0, height = 0] of boxes(text(`images/v2/${scene.file}.svg`))) {
        expect({ scene: scene.file, inBand: y >= 0 && y + height <= 288 && x >= 113 && x + width <= 667 }).toEqual({ scene: scene.file, inBand: true });
      }
      // Wide (1600x1000): at 1440x900 the card starts at 1440 - 7vw - 560 px = 779 px, that is x = 866 in the image.
      for (const [x = 0, , width = 0] of boxes(text(`images/v2/${scene.file}-wide.svg`))) {
        expect({ scene: scene.file, besideCard: x >= 0 && x + width <= 866 }).toEqual({ scene: scene.file, besideCard: true });
      }
    }
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
