/**
 * The option icons' files, written by `npm run art` (scripts/art/flow-art.ts) as PNGs. Rasters, not
 * SVG: Chrome builds an isolated SVG document for every SVG `<img>`, on the main thread, which on a
 * phone at 4x CPU cost about 35 ms of each tap that showed new icons (traces in docs/decisions/0050-option-icons-png.md).
 * Two widths cover every use up to 3x pixel density: 84 for the 28 px list icon, 216 for the 72 px tile.
 */
export const ICON_WIDTHS = [84, 216] as const;

/** Where the icon named in the YAML is served at one of ICON_WIDTHS. */
export function iconPath(name: string, width: (typeof ICON_WIDTHS)[number]): string {
  return `/icons/${name}-${width}.png`;
}
