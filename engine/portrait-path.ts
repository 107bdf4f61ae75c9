/**
 * Where a testimonial's portrait is served (written by `npm run art` from scripts/art/portraits.ts).
 * Its own file: the screens import it without the YAML loader of engine/social-proof.ts.
 */
export function portraitPath(id: string): string {
  return `/images/portraits/${id}.svg`;
}
