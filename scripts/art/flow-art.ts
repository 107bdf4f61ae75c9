import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { parse } from 'yaml';
import { ICON_WIDTHS, iconPath } from '../../engine/icon-files.ts';
import { suggestName } from '../../engine/suggest-name.ts';
import { portraitPath } from '../../engine/portrait-path.ts';
import { bodyIconSvg } from './bodies.ts';
import { loadSocialProof } from '../../engine/social-proof.ts';
import { portraitLooks, portraitSvg } from './portraits.ts';
import { v2Scenes, type V2Scene } from './v2-scenes.ts';

/** An Iconify JSON icon set (the subset we read). */
interface IconSet {
  readonly width?: number;
  readonly height?: number;
  readonly icons: Readonly<Record<string, { readonly body: string; readonly width?: number; readonly height?: number }>>;
}

const require = createRequire(import.meta.url);

function loadSet(name: string): IconSet {
  const text = readFileSync(require.resolve(`${name}/icons.json`), 'utf8');
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || !('icons' in parsed)) throw new Error(`${name}: not an Iconify icon set`);
  // Parsed boundary: the package's documented Iconify JSON format.
  return parsed as IconSet;
}

/** One generated file: its path under public/ and its content (text for SVG, bytes for PNG). */
export interface ArtFile {
  readonly path: string;
  readonly content: string | Uint8Array;
}

/**
 * Everything `npm run art` writes, computed without touching the disk:
 * - public/icons/<name>-<width>.png for every `icon:` named in flows/*.yaml, from Fluent Emoji Flat
 *   (MIT) or, for `body-<gender>-<build>`, the silhouettes of scripts/art/bodies.ts, rendered by resvg
 *   at each of ICON_WIDTHS (engine/icon-files.ts says why rasters);
 * - public/images/v2/<scene>.svg (portrait, phones) and <scene>-wide.svg (landscape, desktops) for the
 *   v2 backgrounds, composed from Fluent Emoji (MIT) figures and props (scripts/art/v2-scenes.ts);
 * - public/images/portraits/<id>.svg for every testimonial of config/social-proof.yaml, drawn by
 *   scripts/art/portraits.ts.
 * A unit test compares this with the committed files, so the YAML and the art cannot drift.
 */
export function flowArt(root: string): ArtFile[] {
  const flat = loadSet('@iconify-json/fluent-emoji-flat');
  const colour = loadSet('@iconify-json/fluent-emoji');
  const files: ArtFile[] = [];
  for (const name of [...iconNamesInFlows(join(root, 'flows'))].sort()) {
    // The body silhouettes are drawn here (scripts/art/bodies.ts); every other icon is a Fluent Emoji.
    const svg = bodyIconSvg(name) ?? standaloneIcon(flat, name);
    for (const width of ICON_WIDTHS) {
      files.push({ path: iconPath(name, width).slice(1), content: new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng() });
    }
  }
  for (const scene of v2Scenes) {
    files.push({ path: `images/v2/${scene.file}.svg`, content: composeScene(colour, scene, 'portrait') });
    files.push({ path: `images/v2/${scene.file}-wide.svg`, content: composeScene(colour, scene, 'wide') });
  }
  const socialProof = loadSocialProof(root);
  if (!socialProof.ok) throw new Error(`config/social-proof.yaml has errors: run npm run flows -- check`);
  for (const { id } of socialProof.value.testimonials) {
    const look = portraitLooks[id];
    if (look === undefined) throw new Error(`testimonial "${id}" has no portrait: add its look to scripts/art/portraits.ts`);
    files.push({ path: portraitPath(id).slice(1), content: portraitSvg(look) });
  }
  return files;
}

/** Every value of an `icon` key anywhere in the flow files. */
function iconNamesInFlows(flowsDir: string): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) {
      const entries: [string, unknown][] = Object.entries(node);
      for (const [key, value] of entries) {
        if (key === 'icon' && typeof value === 'string') {
          names.add(value);
        } else if (key === 'icon' && typeof value === 'object' && value !== null) {
          // An icon per gender: `icon: { female: ..., male: ... }`.
          const perGender: unknown[] = Object.values(value);
          for (const name of perGender) if (typeof name === 'string') names.add(name);
        } else {
          visit(value);
        }
      }
    }
  };
  for (const file of readdirSync(flowsDir).filter((name) => /\.ya?ml$/.test(name))) visit(parse(readFileSync(join(flowsDir, file), 'utf8')));
  return names;
}

function iconOf(set: IconSet, name: string, setName: string): { body: string; width: number; height: number } {
  const icon = set.icons[name];
  if (icon === undefined) {
    const suggestion = suggestName(name, Object.keys(set.icons));
    throw new Error(`icon "${name}" is not in ${setName}${suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`}`);
  }
  return { body: icon.body, width: icon.width ?? set.width ?? 16, height: icon.height ?? set.height ?? 16 };
}

function standaloneIcon(set: IconSet, name: string): string {
  const icon = iconOf(set, name, 'Fluent Emoji Flat');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${icon.width} ${icon.height}" width="${icon.width}" height="${icon.height}">${scopeIds(icon.body, 'i')}</svg>\n`;
}

/** Prefixes ids (and their references), so several emoji can share one SVG document. */
function scopeIds(body: string, prefix: string): string {
  return body
    .replace(/\bid="([^"]+)"/g, `id="${prefix}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}-$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}-$1"`);
}

type Shape = 'portrait' | 'wide';

/**
 * A scene: a two-tone gradient, a soft disc behind the figures, a few light decorative rings, the
 * figures (gendered scenes show a woman or a man, so the two are told apart by content) and props
 * floating around them. Portrait puts the figures in the top quarter (the phone sheet covers the rest);
 * wide puts them in the start half (the desktop card sits at the end).
 */
function composeScene(set: IconSet, scene: V2Scene, shape: Shape): string {
  const [width, height] = shape === 'portrait' ? [780, 1200] : [1600, 1000];
  // Portrait: phones show the top 24 % of the image above the content sheet (app.css, --art-band; the
  // image covers the viewport by its height), and its middle 554 of 780 px on a 390x844 phone, so the
  // figures and props stay within y < 288 and 113 < x < 667. Wide: the desktop card covers the end
  // side from about x = 54 % at 1440x900, so the group stays in the start half (x < 830).
  const centre = shape === 'portrait' ? { x: 390, y: 150 } : { x: 400, y: 500 };
  const figureSize = shape === 'portrait' ? 240 : 440;
  // The props' ellipse is flatter in the portrait band, which is wider than it is high.
  const propSpread = shape === 'portrait' ? 0.6 : 0.85;
  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${scene.palette[0]}"/><stop offset="1" stop-color="${scene.palette[1]}"/></linearGradient>` +
      `<radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>`,
  );
  parts.push(`<rect width="${width}" height="${height}" fill="url(#bg)"/>`);
  parts.push(`<circle cx="${centre.x}" cy="${centre.y}" r="${figureSize * 0.62}" fill="url(#glow)"/>`);
  parts.push(`<circle cx="${centre.x}" cy="${centre.y}" r="${figureSize * 0.5}" fill="${scene.palette[2]}" opacity="0.55"/>`);
  // Decorative rings and dots, placed deterministically from the colours and props (no randomness:
  // stable output; the female and male scenes of a step get the same ones and differ only by figure).
  const key = `${scene.palette.join()}${scene.props.join()}`;
  let seed = 7;
  for (let index = 0; index < key.length; index += 1) seed = (seed * 31 + key.charCodeAt(index)) % 100_003;
  const next = (): number => {
    seed = (seed * 16_807) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  for (let index = 0; index < 7; index += 1) {
    const x = Math.round(next() * width);
    const y = Math.round(next() * height);
    const r = Math.round(8 + next() * 26);
    parts.push(
      index % 2 === 0
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="4"/>`
        : `<circle cx="${x}" cy="${y}" r="${Math.round(r / 2)}" fill="#ffffff" fill-opacity="0.45"/>`,
    );
  }
  // Ground shadow, then the figures side by side.
  const count = scene.figures.length;
  const size = count > 1 ? figureSize * 0.78 : figureSize;
  parts.push(`<ellipse cx="${centre.x}" cy="${centre.y + size * 0.5}" rx="${size * 0.42 * count}" ry="${size * 0.07}" fill="#000000" opacity="0.08"/>`);
  scene.figures.forEach((name, index) => {
    const x = centre.x - (size * count) / 2 + index * size;
    parts.push(embed(set, name, `f${index}`, x, centre.y - size / 2, size));
  });
  // Props around the figures, on a circle.
  const propSize = figureSize * 0.3;
  const radius = figureSize * (count > 1 ? 0.82 : 0.66);
  scene.props.forEach((name, index) => {
    const angle = (-150 + (index * 300) / Math.max(1, scene.props.length - 1)) * (Math.PI / 180);
    const x = centre.x + Math.cos(angle) * radius - propSize / 2;
    const y = centre.y + Math.sin(angle) * radius * propSpread - propSize / 2;
    parts.push(`<circle cx="${round(x + propSize / 2)}" cy="${round(y + propSize / 2)}" r="${round(propSize * 0.62)}" fill="#ffffff" opacity="0.7"/>`);
    parts.push(embed(set, name, `p${index}`, x + propSize * 0.1, y + propSize * 0.1, propSize * 0.8));
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice">${parts.join('')}</svg>\n`;
}

function embed(set: IconSet, name: string, prefix: string, x: number, y: number, size: number): string {
  const icon = iconOf(set, name, 'Fluent Emoji');
  return `<svg x="${round(x)}" y="${round(y)}" width="${round(size)}" height="${round(size)}" viewBox="0 0 ${icon.width} ${icon.height}">${scopeIds(icon.body, prefix)}</svg>`;
}

const round = (value: number): number => Math.round(value * 10) / 10;
