/**
 * The landscape (desktop) crop that sits beside each v2 background: `/images/v2/age.svg` ->
 * `/images/v2/age-wide.svg`. One rule for the verifier (the file must exist) and the screens (which
 * show it from 960 px wide).
 */
export function wideImagePath(image: string): string {
  return image.replace(/(\.[a-z0-9]+)$/i, '-wide$1');
}
