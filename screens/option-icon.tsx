/**
 * A Fluent Emoji from public/icons (written at build time by `npm run art` from the icon names in the
 * flow YAML): one small SVG file per icon, so no icon code reaches the first step's JavaScript and only
 * the icons of the steps shown are fetched. Decoration: the text beside it names the option.
 */
export function OptionIcon({ name, size = 32, className }: { readonly name: string; readonly size?: number; readonly className?: string }) {
  return <img className={className} src={iconUrl(name)} width={size} height={size} alt="" decoding="async" draggable={false} />;
}

/** Where the icon named in the YAML is served. */
export function iconUrl(name: string): string {
  return `/icons/${name}.svg`;
}
