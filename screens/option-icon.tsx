import type { CompiledStep } from '../engine/compiled-flow';
import { ICON_WIDTHS, iconPath } from '../engine/icon-files';

/** CSS pixels an option icon is shown at: in a list (the default), and as a big tile (`optionLayout: tiles`). */
const LIST_ICON_SIZE = 28;
const TILE_ICON_SIZE = 72;

/** The size a step's option icons are shown at: the screen and the next-step prefetch agree on it. */
export function optionIconSize(layout: CompiledStep['optionLayout']): number {
  return layout === 'tiles' ? TILE_ICON_SIZE : LIST_ICON_SIZE;
}

/** The image attributes of an icon shown at `size` CSS pixels: the browser picks the width its screen needs. */
function iconSources(name: string, size: number): { readonly src: string; readonly srcSet: string; readonly sizes: string } {
  return {
    src: iconPath(name, ICON_WIDTHS[0]),
    srcSet: ICON_WIDTHS.map((width) => `${iconPath(name, width)} ${width}w`).join(', '),
    sizes: `${size}px`,
  };
}

/**
 * A Fluent Emoji from public/icons (written by `npm run art` from the icon names in the flow YAML):
 * small PNG files, so no icon code reaches the first step's JavaScript and only the icons of the
 * steps shown are fetched. Decoration: the text beside it names the option.
 */
export function OptionIcon({ name, size = LIST_ICON_SIZE, className }: { readonly name: string; readonly size?: number; readonly className?: string }) {
  return <img className={className} {...iconSources(name, size)} width={size} height={size} alt="" decoding="async" draggable={false} />;
}

/** Fetches the file an OptionIcon of this size will pick (the next step's icons, ahead of the tap). */
export function prefetchIcon(name: string, size: number): void {
  const sources = iconSources(name, size);
  const image = new Image();
  // sizes and srcset before src: the browser picks the candidate once src is set.
  image.sizes = sources.sizes;
  image.srcset = sources.srcSet;
  image.src = sources.src;
}
