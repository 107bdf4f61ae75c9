import { ICON_WIDTHS, iconPath } from '../engine/icon-files';

/** CSS pixels an option icon is shown at: in a list, and as a big tile (`optionLayout: tiles`). */
export const OPTION_ICON_SIZE = { list: 28, tiles: 72 } as const;

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
export function OptionIcon({ name, size = OPTION_ICON_SIZE.list, className }: { readonly name: string; readonly size?: number; readonly className?: string }) {
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
